import { expect, test, type Page } from '@playwright/test';
import { createUser, makeAdmin, signInThroughApi, xsrfHeader, type TestUser } from './accounts.ts';
import { violationsInBothThemes as violations } from './axe.ts';

const pages = [
  '/',
  '/about',
  '/faq',
  '/terms',
  '/how-it-works',
  '/contact',
  '/login',
  '/register',
  '/reset-password',
  '/reset-password?token=not-a-real-token',
  '/verify-email?token=not-a-real-token',
  '/no-such-page',
  '/discover',
  '/discover?query=water&sort=relevance',
  '/category/emergency',
  '/fundraiser/999999999',
  '/fundraiser/1/ledger',
  '/donate/999999999',
  '/donation/sandbox',
  '/donation/sandbox?payment=sandbox_stripe_test',
  '/donation/success',
  '/donation/success?payment_intent=no-such-payment',
  '/donation/cancel',
];

/** Signed-in screens, each with something that shows once its island has decided. */
const signedInPages: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/profile', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { path: '/edit-profile', ready: (page) => page.locator('form select').first() },
  { path: '/reports', ready: (page) => page.getByTestId('report-figures') },
  { path: '/reports/donations', ready: (page) => page.getByTestId('donations-found') },
  { path: '/reports/visitors', ready: (page) => page.getByTestId('report-visitors') },
  { path: '/reports/shares', ready: (page) => page.getByTestId('report-shares') },
  { path: '/admin/dashboard', ready: (page) => page.getByTestId('admin-dashboard') },
  { path: '/admin/flags', ready: (page) => page.getByTestId('admin-flags') },
  { path: '/admin/fundraisers', ready: (page) => page.getByTestId('admin-fundraisers') },
  { path: '/admin/donations', ready: (page) => page.getByTestId('admin-donations') },
  { path: '/admin/users', ready: (page) => page.getByTestId('admin-users') },
  { path: '/admin/mail', ready: (page) => page.getByTestId('admin-mail') },
  { path: '/admin/site', ready: (page) => page.getByTestId('admin-site') },
  { path: '/admin/audit', ready: (page) => page.getByTestId('admin-audit') },
  { path: '/admin/reports', ready: (page) => page.getByTestId('report-platform') },
  { path: '/admin/reports/donations', ready: (page) => page.getByTestId('donations-table') },
  { path: '/create-fundraiser', ready: (page) => page.locator('main form select').first() },
];

/** The words of support load their island as they come into view: scan what it adds too. */
async function wordsOfSupportLoaded(page: Page) {
  await page.getByTestId('conversation').scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

const localized = (lang: 'en' | 'am', path: string) => (lang === 'am' ? `/am${path === '/' ? '' : path}` : path);

const none = { dark: [], light: [] };

test('the scan reports what breaks the rules, and in the light theme only what its colours break', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => {
    document.head.insertAdjacentHTML('beforeend', '<style>html:not(.dark) #planted-dim { color: #ddd; background: #fff; }</style>');
    document.querySelector('main')?.insertAdjacentHTML('afterbegin', '<img src="/favicon.svg" id="planted-image"><p id="planted-dim">Hard to read in the light</p>');
  });
  const { dark, light } = await violations(page);
  // The page has nothing else to find (its own scan below).
  expect({ dark, light }).toEqual({ dark: ['image-alt: #planted-image'], light: ['color-contrast: #planted-dim'] });
});

for (const lang of ['en', 'am'] as const) {
  for (const path of pages) {
    const url = localized(lang, path);
    test(`axe finds no violations on ${url}`, async ({ page }) => {
      await page.goto(url);
      // Islands that check a link first: scan what they settle on, not the spinner.
      if (path.includes('token=')) await expect(page.locator('main form')).toBeVisible();
      if (path.includes('payment_intent=')) await expect(page.locator('[data-state="error"]')).toBeVisible();
      expect(await violations(page)).toEqual(none);
    });
  }
}

test.describe('signed in', () => {
  let admin: TestUser;
  let fundraiserId = 0;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    admin = await createUser(request);
    await makeAdmin(admin.email);
    // A fundraiser of the admin's own, with an update and words of support (the admin's and
    // another's), for its page as visitors and as its owner see it.
    const xsrf = async () => {
      await request.get('/api/csrf');
      return { 'X-XSRF-TOKEN': decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') };
    };
    const login = await request.post('/api/auth/login', { data: { email: admin.email, password: admin.password }, headers: await xsrf() });
    expect(login.ok()).toBe(true);
    const adminId = ((await login.json()) as { id: number }).id;
    // Signing in starts a new session, and with it a new anti-forgery token.
    const headers = await xsrf();
    const categories = (await (await request.get('/api/categories')).json()) as { id: number }[];
    const locations = (await (await request.get('/api/locations')).json()) as { id: number }[];
    const created = await request.post('/api/fundraisers', {
      headers,
      data: { title: 'School books for Hawassa', description: 'Forty pupils need books.\n\nThank you.', goalAmount: '1500', currency: 'ETB', categoryId: categories[0]?.id, locationId: locations[0]?.id },
    });
    expect(created.status()).toBe(201);
    fundraiserId = ((await created.json()) as { id: number }).id;
    await request.post(`/api/fundraisers/${fundraiserId}/updates`, { headers, data: { content: 'The first twenty books are bought.' } });
    expect((await request.post('/api/comments', { headers, data: { fundraiserId, userId: adminId, content: 'Thank you all for the books!' } })).status()).toBe(201);
    // A team, for the teams on the page and the teams page (the admin captains it).
    expect((await request.post('/api/teams', { headers, data: { name: 'Hawassa teachers', fundraiserId, creatorId: adminId, goalAmount: '500' } })).status()).toBe(201);
    await request.dispose();
    const reader = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const supporter = await createUser(reader);
    const signedIn = await reader.post('/api/auth/login', { data: { email: supporter.email, password: supporter.password }, headers: await xsrfHeader(reader) });
    const supporterId = ((await signedIn.json()) as { id: number }).id;
    const said = await reader.post('/api/comments', { headers: await xsrfHeader(reader), data: { fundraiserId, userId: supporterId, content: 'Good luck to the pupils of Hawassa.' } });
    expect(said.status()).toBe(201);
    await reader.dispose();
  });

  for (const lang of ['en', 'am'] as const) {
    test(`axe finds no violations on a fundraiser's page in ${lang}, as a visitor and as its owner, and on its teams page`, async ({ page }) => {
      await page.goto(localized(lang, `/fundraiser/${fundraiserId}`));
      await expect(page.locator('h1')).toHaveText('School books for Hawassa');
      await wordsOfSupportLoaded(page);
      expect(await violations(page)).toEqual(none);
      await signInThroughApi(page, admin);
      // A signed-in screen leaves the hint that makes pages load the signed-in extras.
      await page.goto(localized(lang, '/profile'));
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await page.goto(localized(lang, `/fundraiser/${fundraiserId}`));
      await expect(page.getByTestId('owner-panel')).toBeVisible();
      await wordsOfSupportLoaded(page);
      expect(await violations(page)).toEqual(none);
      await page.goto(localized(lang, `/fundraiser/${fundraiserId}/team`));
      await expect(page.getByTestId('my-team')).toBeVisible();
      expect(await violations(page)).toEqual(none);
      // Its progress report, with a chart's table open when it has one (none without donations).
      await page.goto(localized(lang, `/fundraiser/${fundraiserId}/progress`));
      await expect(page.getByTestId('report-timeline')).toBeVisible();
      const tables = page.getByTestId('progress-report').locator('summary');
      if ((await tables.count()) > 0) await tables.first().click();
      expect(await violations(page)).toEqual(none);
    });
  }

  for (const lang of ['en', 'am'] as const) {
    test(`axe finds no violations on a fundraiser's donate form in ${lang}, as it opens and with the server's errors`, async ({ page }) => {
      await page.goto(localized(lang, `/donate/${fundraiserId}`));
      const submit = page.getByTestId('donate-form').locator('button[type="submit"]');
      await expect(submit).toBeEnabled();
      expect(await violations(page)).toEqual(none);
      await submit.click();
      await expect(page.getByTestId('donate-form').locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await violations(page)).toEqual(none);
    });
  }

  for (const lang of ['en', 'am'] as const) {
    for (const { path, ready } of signedInPages) {
      const url = localized(lang, path);
      test(`axe finds no violations on ${url}, signed in with the user menu open`, async ({ page }) => {
        await signInThroughApi(page, admin);
        await page.goto(url);
        // These pages fill in from the API after load; beside the serial project on two cores that took over 5 s once.
        await expect(ready(page)).toBeVisible({ timeout: 15_000 });
        await page.locator('[data-disclosure]').click();
        await expect(page.locator('#user-menu')).toBeVisible();
        expect(await violations(page)).toEqual(none);
      });
    }
  }
});
