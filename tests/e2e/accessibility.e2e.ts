import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = ['/', '/about', '/faq', '/terms', '/how-it-works', '/contact', '/login', '/register', '/no-such-page'];

for (const theme of ['dark', 'light'] as const) {
  for (const lang of ['en', 'am'] as const) {
    for (const path of pages) {
      const url = lang === 'am' ? `/am${path === '/' ? '' : path}` : path;
      test(`axe finds no violations on ${url} (${theme})`, async ({ page }) => {
        await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
        await page.goto(url);
        await page.evaluate(() => document.fonts.ready);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
        expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
}
