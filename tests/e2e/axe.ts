import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * axe-core scans run inside the page itself: injected once per document, every pass of a
 * scan in one evaluate. The Playwright integration finishes each scan in a blank page of its
 * own, about a second a scan here, to gather results from frames; these pages embed none
 * (reCAPTCHA's is off in the suite), so the page can finish its own.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What every scan checks: WCAG 2.1 A and AA, and axe's best practices. */
const standards = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules whose findings depend on colours: all a theme changes. */
const colourRules = ['color-contrast', 'link-in-text-block'];

type Pass = { rules: 'standards' | 'colours'; dark?: boolean };

async function scanPasses(page: Page, passes: Pass[], include: string | undefined): Promise<string[][]> {
  await page.evaluate(() => document.fonts.ready);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ passes, include, standards, colourRules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const found: string[][] = [];
      for (const pass of passes) {
        if (pass.dark !== undefined) {
          // Transitions stopped first, so that contrast is read from the theme's colours and not a frame on the way to them.
          for (const element of document.querySelectorAll<HTMLElement>('*')) element.style.transition = 'none';
          document.documentElement.classList.toggle('dark', pass.dark);
        }
        const runOnly = pass.rules === 'standards' ? { type: 'tag' as const, values: standards } : { type: 'rule' as const, values: colourRules };
        const results = await axe.run(include ? { include: [include] } : document, { runOnly, resultTypes: ['violations'], iframes: false });
        found.push(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
      }
      return found;
    },
    { passes, include, standards, colourRules },
  );
}

/** What axe finds on the page as it is (or on the part `include` selects), one line per rule broken. */
export async function violations(page: Page, options: { include?: string } = {}): Promise<string[]> {
  const [found] = await scanPasses(page, [{ rules: 'standards' }], options.include);
  return found ?? [];
}

/**
 * The page in the dark theme (the default) and in the light one, in one load: the theme is
 * the class on <html> that the stored choice sets, and changes colours only, so the light
 * pass runs the colour rules alone.
 */
export async function violationsInBothThemes(page: Page): Promise<{ dark: string[]; light: string[] }> {
  const [dark = [], light = []] = await scanPasses(page, [{ rules: 'standards', dark: true }, { rules: 'colours', dark: false }], undefined);
  return { dark, light };
}
