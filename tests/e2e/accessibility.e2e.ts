import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createUser, makeAdmin, signInThroughApi, type TestUser } from './accounts.ts';

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
];

/** Signed-in screens, each with something that shows once its island has decided. */
const signedInPages: { path: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { path: '/profile', ready: (page) => page.getByRole('heading', { level: 2 }).first() },
  { path: '/edit-profile', ready: (page) => page.locator('form select').first() },
  { path: '/reports', ready: (page) => page.locator('main .rounded-full') },
  { path: '/admin/dashboard', ready: (page) => page.locator('main .rounded-full') },
];

const localized = (lang: 'en' | 'am', path: string) => (lang === 'am' ? `/am${path === '/' ? '' : path}` : path);

async function violations(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const theme of ['dark', 'light'] as const) {
  for (const lang of ['en', 'am'] as const) {
    for (const path of pages) {
      const url = localized(lang, path);
      test(`axe finds no violations on ${url} (${theme})`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(url);
        // Islands that check a link first: scan what they settle on, not the spinner.
        if (path.includes('token=')) await expect(page.locator('main form')).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }
  }
}

test.describe('signed in', () => {
  let admin: TestUser;

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    admin = await createUser(request);
    await makeAdmin(admin.email);
    await request.dispose();
  });

  for (const theme of ['dark', 'light'] as const) {
    for (const lang of ['en', 'am'] as const) {
      for (const { path, ready } of signedInPages) {
        const url = localized(lang, path);
        test(`axe finds no violations on ${url}, signed in with the user menu open (${theme})`, async ({ page }) => {
          await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
          await signInThroughApi(page, admin);
          await page.goto(url);
          await expect(ready(page)).toBeVisible();
          await page.locator('[data-disclosure]').click();
          await expect(page.locator('#user-menu')).toBeVisible();
          expect(await violations(page)).toEqual([]);
        });
      }
    }
  }
});
