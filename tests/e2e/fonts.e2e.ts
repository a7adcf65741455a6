import { expect, test, type Page } from '@playwright/test';

/** The font files a page fetches, by name, and (once they have all arrived) their bytes. */
function watchFontFiles(page: Page): { names: string[]; bytes: () => Promise<number> } {
  const names: string[] = [];
  const sizes: Promise<number>[] = [];
  page.on('response', (response) => {
    const name = new URL(response.url()).pathname.split('/').pop()!;
    if (!/\.(woff2?|ttf|otf)$/.test(name)) return;
    names.push(name);
    sizes.push(response.body().then((body) => body.length));
  });
  return { names, bytes: async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) };
}

/** The whole Ethiopic file the site served before it was cut by unicode-range. */
const wholeFontBytes = 75_076;

test.describe('Ethiopic text in the Ethiopic font, on every page', () => {
  test('an English page draws the language switch\'s "አማርኛ" in Noto Sans Ethiopic, not in boxes, fetching only its few glyphs', async ({ page }) => {
    const fetched = watchFontFiles(page);
    await page.goto('/about');
    const label = page.locator('header [data-lang-switch="am"]');
    await expect(label).toHaveText('አማርኛ');
    const drawn = await label.evaluate(async (element) => {
      await document.fonts.ready;
      const canvas = document.createElement('canvas').getContext('2d')!;
      canvas.font = getComputedStyle(element).font;
      // Private-use characters no font draws: the width of boxes, for comparison.
      const boxes = canvas.measureText('\uE000\uE001\uE002\uE003').width;
      return {
        family: getComputedStyle(element).fontFamily,
        loaded: [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Noto Sans Ethiopic' && face.status === 'loaded').length,
        check: document.fonts.check('16px "Noto Sans Ethiopic"', 'አማርኛ'),
        width: canvas.measureText('አማርኛ').width,
        boxes,
      };
    });
    expect(drawn.family).toContain('Noto Sans Ethiopic');
    expect(drawn.loaded).toBeGreaterThan(0);
    expect(drawn.check).toBe(true);
    expect(Math.abs(drawn.width - drawn.boxes)).toBeGreaterThan(1);
    // Four glyphs, not the alphabet: the label has a file of its own.
    expect(fetched.names).toEqual([expect.stringMatching(/^ethiopic-label\b.*\.woff2$/)]);
    expect(await fetched.bytes()).toBeLessThan(4096);
  });

  test('an English page without Ethiopic text fetches no font at all', async ({ page }) => {
    await page.route('**/about', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll('አማርኛ', 'Amharic');
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, body, headers });
    });
    const fetched = watchFontFiles(page);
    await page.goto('/about', { waitUntil: 'networkidle' });
    await expect(page.locator('header [data-lang-switch="am"]')).toHaveText('Amharic');
    const statuses = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.family.replaceAll('"', '') === 'Noto Sans Ethiopic').map((face) => face.status);
    });
    // Declared, so that any Ethiopic word would be drawn, yet none fetched.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 'unloaded')).toBe(true);
    expect(fetched.names).toEqual([]);
  });

  // Whether the text moves when the font arrives is a race with the network (0 in normal
  // conditions, measured by hand; not always on a loaded machine), so it is not asserted here.
  test('an Amharic page fetches at most half of the whole font', async ({ page }) => {
    const fetched = watchFontFiles(page);
    await page.goto('/am', { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    // The label's letters and the common ones; the rarer forms and other languages' letters stay unfetched.
    expect(fetched.names.map((name) => name.split('.')[0]).sort()).toEqual(['ethiopic-common', 'ethiopic-label']);
    expect(await fetched.bytes()).toBeLessThanOrEqual(wholeFontBytes / 2);
  });
});
