import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('English home shows the promise, featured area, steps and community stories', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See All Campaigns' })).toHaveAttribute('href', '/discover');
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
    await expect(page.getByText('Hanna Tesfaye')).toBeVisible();
    await expect(page.getByText(/0% platform fee/).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Fundraising' }).first()).toBeVisible();
  });

  test('Amharic home speaks Amharic and uses the self-hosted Ethiopic font', async ({ page }) => {
    await page.goto('/am');
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/[\u1200-\u137F]/);
    await expect(page.getByText('ሐና ተስፋዬ')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const ethiopicLoaded = await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('Noto Sans Ethiopic') && f.status === 'loaded'));
    expect(ethiopicLoaded).toBe(true);
  });

  test('unknown pages answer 404 with a helpful page in the visitor’s language', async ({ page }) => {
    const english = await page.goto('/no-such-page');
    expect(english?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't find that page");
    const amharic = await page.goto('/am/no-such-page');
    expect(amharic?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  });
});

test.describe('language', () => {
  test('the switch opens the same page in the other language and remembers the choice', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: 'አማርኛ' }).click();
    await expect(page).toHaveURL(/\/am\/about\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('am');

    await page.goto('/faq');
    await expect(page).toHaveURL(/\/am\/faq\/?$/);

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/faq\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a browser that prefers Amharic lands on the Amharic site', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'am-ET' });
    const page = await context.newPage();
    await page.goto('/how-it-works');
    await expect(page).toHaveURL(/\/am\/how-it-works\/?$/);
    await context.close();
  });

  test('an Amharic link opens in Amharic even for an English-speaking browser', async ({ page }) => {
    await page.goto('/am/about');
    await expect(page).toHaveURL(/\/am\/about\/?$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'am');
  });
});

test.describe('theme', () => {
  test('dark by default; the toggle switches to light and the choice survives a reload', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await toggle.click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
  });
});
