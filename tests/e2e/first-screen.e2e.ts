import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { xsrfHeader } from './accounts.ts';
import { createFundraiser, signInOrganiser } from './organisers.ts';

/**
 * A donor on a phone gives from the first screen: the fundraiser page shows the amount, the
 * bar and Donate before the story, and a slim Donate bar follows the reader through the
 * story, away while the donate box is in view. On a desktop the side column stays in view.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1366, height: 900 };
const title = "Medicine and transport for Meseret's treatment in Jimma";
// Long enough to be read for several screens on a phone.
const story = Array.from(
  { length: 24 },
  (_, i) =>
    `Week ${i + 1}: Meseret travels from her village to the hospital in Jimma for treatment. The bus, the medicine and a bed near the hospital cost more than her family earns, and every gift keeps her on the road to recovery.`,
).join('\n\n');

let id = 0;

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await signInOrganiser(request);
  id = await createFundraiser(request, { title, description: story, goalAmount: '50000', currency: 'ETB' });
  const headers = await xsrfHeader(request);
  // Three photos: the thumbnails under the first must not push Donate off the first screen.
  for (const color of ['#2e7d32', '#1565c0', '#ad1457']) {
    const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
    const file = { name: `${color.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
    expect((await request.post('/api/media/upload', { headers, multipart: { entityType: 'FUNDRAISER', entityId: String(id), file } })).status()).toBe(201);
  }
  await request.dispose();
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

function parts(page: Page, prefix: string) {
  const donateHref = `${prefix}/donate/${id}`;
  return {
    donate: page.locator(`[data-donate-actions] a[href="${donateHref}"]`),
    share: page.locator('[data-donate-actions] a[href="#share-title"]'),
    storyHeading: page.locator('#story-title'),
    bar: page.locator('[data-donate-bar]'),
    barLink: page.locator(`[data-donate-bar] a[href="${donateHref}"]`),
  };
}

for (const { lang, prefix, donateName } of [
  { lang: 'en', prefix: '', donateName: 'Donate now' },
  { lang: 'am', prefix: '/am', donateName: 'አሁን ይለግሱ' },
]) {
  test(`on a phone, Donate and Share come before the story and a slim Donate bar follows the story (${lang})`, async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(`${prefix}/fundraiser/${id}`);
    await expect(page.locator('h1')).toHaveText(title);
    const { donate, share, storyHeading, bar, barLink } = parts(page, prefix);

    // The first screen: amount, bar, donors, Donate and Share, all above the story.
    await expect(donate).toHaveText(donateName);
    const donateBox = await box(donate);
    const storyTop = (await box(storyHeading)).y;
    expect(donateBox.y + donateBox.height).toBeLessThanOrEqual(phone.height);
    expect(donateBox.y + donateBox.height).toBeLessThan(storyTop);
    expect((await box(share)).y).toBeLessThan(storyTop);
    expect((await box(page.getByTestId('fundraiser-raised'))).y).toBeLessThan(storyTop);
    expect((await box(page.getByRole('progressbar'))).y).toBeLessThan(storyTop);
    // With the donate box in view there is no second Donate button on the screen.
    await expect(bar).toBeHidden();

    // Reading the story: the bar sits at the bottom of the screen, a real link to the donate page.
    await page.getByTestId('fundraiser-story').locator('p').nth(8).scrollIntoViewIfNeeded();
    await expect(bar).toBeVisible();
    await expect(barLink).toHaveAccessibleName(donateName);
    await expect.poll(async () => Math.round((await box(bar)).y + (await box(bar)).height)).toBe(phone.height);

    // Back at the donate box, the bar goes away.
    await donate.scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();

    // At the end of the page the bar rests above the footer and covers none of the content.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeVisible();
    const barTop = (await box(bar)).y;
    const lastSection = await box(page.locator('section[aria-labelledby="donations-title"]'));
    expect(lastSection.y + lastSection.height).toBeLessThanOrEqual(barTop + 1);
    const barBox = await box(bar);
    expect((await box(page.locator('body > footer'))).y).toBeGreaterThanOrEqual(barBox.y + barBox.height - 1);
  });

  test(`without JavaScript a phone still shows Donate before the story and no bar (${lang})`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${prefix}/fundraiser/${id}`);
    const { donate, storyHeading, bar } = parts(page, prefix);
    const donateBox = await box(donate);
    expect(donateBox.y + donateBox.height).toBeLessThanOrEqual(phone.height);
    expect(donateBox.y + donateBox.height).toBeLessThan((await box(storyHeading)).y);
    await page.getByTestId('fundraiser-story').locator('p').nth(8).scrollIntoViewIfNeeded();
    await expect(bar).toBeHidden();
    await context.close();
  });

  test(`on a desktop the side column stays in view while the story is read (${lang})`, async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto(`${prefix}/fundraiser/${id}`);
    const { donate, storyHeading, bar } = parts(page, prefix);
    const column = page.locator('section[aria-labelledby="progress-title"]');
    // Beside the story, not above it.
    expect((await box(column)).x).toBeGreaterThan((await box(storyHeading)).x + 300);

    await page.getByTestId('fundraiser-story').locator('p').last().scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(desktop.height);
    const scrolled = await box(column);
    expect(scrolled.y).toBeGreaterThanOrEqual(0);
    expect(scrolled.y).toBeLessThan(desktop.height);
    const donateBox = await box(donate);
    expect(donateBox.y + donateBox.height).toBeLessThanOrEqual(desktop.height);
    await expect(bar).toBeHidden();
  });
}

test('the slim bar appears without sliding for a visitor who asks for reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: phone, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`/fundraiser/${id}`);
  const { bar } = parts(page, '');
  expect(await bar.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe('0s');
  await context.close();
});
