import { expect, test, type Page } from '@playwright/test';
import { createUser, signInThroughApi } from './accounts.ts';

/**
 * The first card's photo is the page's largest paint: fetched at once and ahead of the
 * rest. Every other card's photo waits until it is scrolled near.
 */
async function expectFirstCardFirst(page: Page, options: { firstHasImage?: boolean } = {}): Promise<void> {
  const cards = page.locator('main article');
  await expect(cards.first()).toBeVisible();
  const first = cards.first().locator('img');
  if (options.firstHasImage) await expect(first).toHaveCount(1);
  const leading = (await first.count()) > 0;
  if (leading) {
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
  }
  const images = await cards.locator('img').evaluateAll((found) => found.map((image) => ({ loading: image.getAttribute('loading'), fetchpriority: image.getAttribute('fetchpriority') })));
  for (const image of leading ? images.slice(1) : images) expect(image).toEqual({ loading: 'lazy', fetchpriority: null });
}

test.describe('the largest image first', () => {
  for (const prefix of ['', '/am']) {
    test(`the first card's photo loads eagerly with high priority, the others lazily (${prefix || '/'})`, async ({ page, request }) => {
      await page.goto(prefix || '/');
      await expectFirstCardFirst(page);

      await page.goto(`${prefix}/discover`);
      await expectFirstCardFirst(page);

      // Education holds only demo fundraisers, each with a photo, so its first card has one.
      const categories = (await (await request.get('/api/categories')).json()) as { id: number; slug: string }[];
      const education = categories.find((category) => category.slug === 'education')!.id;
      await page.goto(`${prefix}/category/education`);
      await expectFirstCardFirst(page, { firstHasImage: true });
      await page.goto(`${prefix}/discover?categoryId=${education}`);
      await expectFirstCardFirst(page, { firstHasImage: true });
    });
  }
});

test.describe('signed-in screens for a signed-out visitor', () => {
  const screens = [
    { path: '/create-fundraiser', to: '/login?redirect=%2Fcreate-fundraiser' },
    { path: '/am/create-fundraiser', to: '/am/login?redirect=%2Fam%2Fcreate-fundraiser' },
    { path: '/profile', to: '/login?redirect=%2Fprofile' },
    { path: '/am/edit-profile', to: '/am/login?redirect=%2Fam%2Fedit-profile' },
    { path: '/reports', to: '/login?redirect=%2Freports' },
    { path: '/edit-fundraiser/1', to: '/login?redirect=%2Fedit-fundraiser%2F1' },
  ];

  test('the server sends them on at once: a redirect with no page and no script', async ({ request }) => {
    for (const { path, to } of screens) {
      const answer = await request.get(path, { maxRedirects: 0 });
      expect([302, 303], path).toContain(answer.status());
      expect(answer.headers()['location'], path).toBe(to);
      expect(await answer.text(), path).not.toContain('<script');
    }
    // A malformed address stays a 404, signed in or not.
    expect((await request.get('/edit-fundraiser/abc', { maxRedirects: 0 })).status()).toBe(404);
    expect((await request.get('/fr/create-fundraiser', { maxRedirects: 0 })).status()).toBe(404);
  });

  test('a browser reaches the login page without downloading the form first, and comes back after logging in', async ({ page, request }) => {
    const user = await createUser(request);
    const before: string[] = [];
    let atLogin = false;
    page.on('request', (sent) => {
      if (sent.isNavigationRequest() && new URL(sent.url()).pathname === '/login') atLogin = true;
      if (!atLogin) before.push(new URL(sent.url()).pathname);
    });
    await page.goto('/create-fundraiser');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcreate-fundraiser$/);
    expect(before).toEqual(['/create-fundraiser']);

    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // Checking the password is slow by design (argon2id), and slower while a site build shares the two cores.
    await expect(page).toHaveURL(/\/create-fundraiser\/?$/, { timeout: 20_000 });
    await expect(page.locator('main form').getByLabel('Title')).toBeVisible();
  });

  test('a signed-in visitor gets the screen itself, never kept for others', async ({ page, request }) => {
    const user = await createUser(request);
    await signInThroughApi(page, user);
    const answer = await page.request.get('/create-fundraiser', { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['cache-control']).toContain('private');
    await page.goto('/am/create-fundraiser');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.locator('main form')).toBeVisible();
  });
});
