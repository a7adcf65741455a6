import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openDatabase } from '../../db/index.ts';
import { FundraiserSchema } from '../../modules/fundraisers/index.ts';
import { createUser, makeAdmin, signInThroughApi } from './accounts.ts';
import { violations } from './axe.ts';

/**
 * The fundraiser page beyond the basics of fundraisers.e2e.ts: the photo viewer, older
 * updates, deleting updates and fundraisers, and the owner's controls for a browser that
 * signed in through the API only (so without the signed-in hint of a visited screen).
 */

async function photo(color: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
  return { name: `${color.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
}

/** Calls the API as whoever the page's browser is signed in as. */
async function api(page: Page) {
  await page.request.get('/api/csrf');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(token) };
  return {
    async createFundraiser(title: string): Promise<number> {
      const categories = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
      const locations = (await (await page.request.get('/api/locations')).json()) as { id: number }[];
      const created = await page.request.post('/api/fundraisers', {
        headers,
        data: { title, description: 'A new pump for the village well.', goalAmount: '2500', currency: 'ETB', categoryId: categories[0]?.id, locationId: locations[0]?.id },
      });
      expect(created.status()).toBe(201);
      return ((await created.json()) as { id: number }).id;
    },
    async addPhoto(id: number, color: string): Promise<void> {
      const uploaded = await page.request.post('/api/media/upload', { headers, multipart: { entityType: 'FUNDRAISER', entityId: String(id), file: await photo(color) } });
      expect(uploaded.status()).toBe(201);
    },
    async postUpdate(id: number, content: string): Promise<void> {
      expect((await page.request.post(`/api/fundraisers/${id}/updates`, { headers, data: { content } })).status()).toBe(201);
    },
  };
}

/** Donations belong to another module; the page only needs the fundraiser to have some. */
async function recordDonations(id: number): Promise<void> {
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  try {
    await orm.em.fork().nativeUpdate(FundraiserSchema, { id }, { donationCount: 1 });
  } finally {
    await orm.close();
  }
}

test('the photo viewer opens a photo large, moves with buttons and arrow keys, and closes with Escape', async ({ page, browser }) => {
  await signInThroughApi(page, await createUser(page.request));
  const calls = await api(page);
  const title = 'Water </script><script>alert(1)</script> for Dila';
  const id = await calls.createFundraiser(title);
  for (const color of ['#2e7d32', '#1565c0', '#ad1457']) await calls.addPhoto(id, color);

  // A visitor: no JavaScript needed to see a photo large, each is a link to it.
  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/fundraiser/${id}`);
  await expect(visitor.locator('h1')).toHaveText(title);
  const links = visitor.locator('a[data-lightbox-item]');
  await expect(links).toHaveCount(3);
  const second = links.nth(1);
  const href = (await second.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/media\/.+-1200\.webp$/);
  const large = new URL(href, test.info().project.use.baseURL).href;

  // Search engines get the fundraiser as data; the "</script>" in its title stays inside the block.
  const jsonLd = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
  expect(jsonLd).toMatchObject({ '@type': 'Article', name: title, url: `${test.info().project.use.baseURL}/fundraiser/${id}` });
  expect((jsonLd.image as string[]).length).toBe(3);

  // On a busy machine the viewer's script may still be on its way: a click before it would open the image on its own.
  await expect(visitor.locator('dialog[data-lightbox][data-ready="true"]')).toHaveCount(1);
  await second.click();
  const viewer = visitor.getByRole('dialog', { name: 'Photo viewer' });
  await expect(viewer).toBeVisible();
  const image = viewer.locator('img');
  await expect(image).toHaveAttribute('src', large);
  await expect(image).toHaveAttribute('alt', `Photo 2 of 3: ${title}`);
  await expect(viewer.getByRole('button', { name: 'Close the photo viewer' })).toBeFocused();
  expect(await violations(visitor)).toEqual([]);

  await visitor.keyboard.press('ArrowRight');
  await expect(image).toHaveAttribute('alt', `Photo 3 of 3: ${title}`);
  await viewer.getByRole('button', { name: 'Next photo' }).click();
  await expect(image).toHaveAttribute('alt', `Photo 1 of 3: ${title}`);
  await expect(viewer.getByRole('status')).toHaveText(`Photo 1 of 3: ${title}`);
  await visitor.keyboard.press('ArrowLeft');
  await expect(image).toHaveAttribute('alt', `Photo 3 of 3: ${title}`);
  await viewer.getByRole('button', { name: 'Previous photo' }).click();
  await expect(image).toHaveAttribute('src', large);

  await visitor.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(second).toBeFocused();
  await visitorContext.close();
});

test('a page without photos loads no photo viewer', async ({ page }) => {
  await signInThroughApi(page, await createUser(page.request));
  const id = await (await api(page)).createFundraiser('Books for Hawassa pupils');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByTestId('owner-panel')).toBeVisible();
  expect(scripts.some((url) => url.includes('lightbox'))).toBe(false);
  await expect(page.locator('dialog[data-lightbox]')).toHaveCount(0);
});

test('older updates: appended with JavaScript, a page of their own without', async ({ page, browser }) => {
  await signInThroughApi(page, await createUser(page.request));
  const calls = await api(page);
  const id = await calls.createFundraiser('A roof for the Gondar clinic');
  for (let n = 1; n <= 23; n++) await calls.postUpdate(id, `Update number ${n}.`);

  const visitor = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await visitor.goto(`/fundraiser/${id}`);
  const updates = visitor.getByTestId('fundraiser-updates').locator('li');
  await expect(visitor.getByRole('heading', { name: 'Updates (23)' })).toBeVisible();
  await expect(updates).toHaveCount(20);
  await expect(updates.first()).toContainText('Update number 23.');
  const older = visitor.getByRole('link', { name: 'Show older updates' });
  await expect(older).toHaveAttribute('href', `/fundraiser/${id}?updatesPage=1`);
  await older.click();
  await expect(updates).toHaveCount(23);
  await expect(updates.nth(20)).toContainText('Update number 3.');
  await expect(updates.nth(20)).toBeFocused();
  await expect(updates.last()).toContainText('Update number 1.');
  await expect(older).toHaveCount(0);
  expect(visitor.url()).toMatch(new RegExp(`/fundraiser/${id}$`));
  await visitor.close();

  const plain = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`/fundraiser/${id}`);
  await noScript.getByRole('link', { name: 'Show older updates' }).click();
  await expect(noScript).toHaveURL(new RegExp(`/fundraiser/${id}\\?updatesPage=1$`));
  await expect(noScript.getByTestId('fundraiser-updates').locator('li')).toHaveCount(3);
  await expect(noScript.getByRole('link', { name: 'Show older updates' })).toHaveCount(0);
  await noScript.getByRole('link', { name: 'Newer updates' }).click();
  await expect(noScript.getByTestId('fundraiser-updates').locator('li')).toHaveCount(20);
  await plain.close();
});

test('the organizer, signed in without the hint, deletes updates, old ones included', async ({ page }) => {
  await signInThroughApi(page, await createUser(page.request));
  const calls = await api(page);
  const id = await calls.createFundraiser('Seeds for Sidama farmers');
  for (let n = 1; n <= 22; n++) await calls.postUpdate(id, `News ${n}.`);

  // This browser never opened a signed-in screen: only the server knows who it is. The hint
  // is read as the page starts, since the mounted panel restores it a moment later.
  await page.addInitScript(() => {
    (window as unknown as { hintAtStart: string | null }).hintAtStart = localStorage.getItem('signedIn');
  });
  await page.goto(`/fundraiser/${id}`);
  expect(await page.evaluate(() => (window as unknown as { hintAtStart: string | null }).hintAtStart)).toBeNull();
  await expect(page.getByTestId('owner-panel')).toBeVisible();
  const list = page.getByTestId('fundraiser-updates');
  const newest = list.locator('li').filter({ hasText: 'News 22.' });

  // Asked in the page's own dialog; changing one's mind (Cancel, or Escape) deletes nothing and
  // leaves focus where it was.
  const ask = page.getByRole('alertdialog', { name: 'Delete this update?' });
  const deleteNewest = newest.getByRole('button', { name: 'Delete update' });
  await deleteNewest.click();
  await expect(ask).toBeVisible();
  await expect(ask).toHaveAccessibleDescription('It will be removed from the fundraiser page. This cannot be undone.');
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(deleteNewest).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(ask).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(deleteNewest).toBeFocused();
  await expect(newest).toBeVisible();

  await deleteNewest.click();
  await ask.getByRole('button', { name: 'Delete update' }).click();
  await expect(newest).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Updates (21)' })).toBeFocused();
  await expect(page.getByTestId('owner-panel').getByRole('status')).toHaveText('Update deleted.');

  // The older ones come from where the list now ends, with their own delete buttons.
  await page.getByRole('link', { name: 'Show older updates' }).click();
  await expect(list.locator('li')).toHaveCount(21);
  const oldest = list.locator('li').filter({ hasText: 'News 1.' });
  await oldest.getByRole('button', { name: 'Delete update' }).click();
  await ask.getByRole('button', { name: 'Delete update' }).click();
  await expect(oldest).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Updates (20)' })).toBeVisible();

  await page.reload();
  await expect(list.locator('li')).toHaveCount(20);
  await expect(list).not.toContainText('News 22.');
  await expect(page.getByRole('link', { name: 'Show older updates' })).toHaveCount(0);
});

test('deleting a fundraiser: gone without donations, closed instead with them', async ({ page, request }) => {
  const organizer = await createUser(page.request);
  await signInThroughApi(page, organizer);
  const calls = await api(page);
  const unused = await calls.createFundraiser('A fundraiser started by mistake');
  const funded = await calls.createFundraiser('Textbooks for Bahir Dar');
  await recordDonations(funded);

  await page.goto(`/fundraiser/${unused}`);
  await page.getByTestId('owner-panel').getByRole('button', { name: 'Delete fundraiser' }).click();
  const deleting = page.getByRole('alertdialog', { name: 'Delete this fundraiser for good?' });
  await expect(deleting).toContainText('Its story, photos and updates will be removed.');
  await deleting.getByRole('button', { name: 'Delete fundraiser' }).click();
  await page.waitForURL(/\/profile$/);
  expect((await page.goto(`/fundraiser/${unused}`))?.status()).toBe(404);

  await page.goto(`/fundraiser/${funded}`);
  await page.getByTestId('owner-panel').getByRole('button', { name: 'Delete fundraiser' }).click();
  const closing = page.getByRole('alertdialog', { name: 'Close it for good instead?' });
  await expect(closing).toContainText('has received donations, so it cannot be deleted');
  await closing.getByRole('button', { name: 'Close fundraiser' }).click();
  await expect(page.getByTestId('fundraiser-status')).toHaveText('Closed');
  // Kept, closed: deleting it again would change nothing, so it is no longer offered.
  await expect(page.getByTestId('owner-panel').getByRole('button', { name: 'Delete fundraiser' })).toHaveCount(0);

  // Someone else signed in sees no controls; an admin does.
  const other = await createUser(request);
  await signInThroughApi(page, other);
  await page.goto(`/fundraiser/${funded}`);
  await expect(page.locator('h1')).toHaveText('Textbooks for Bahir Dar');
  await expect(page.getByTestId('owner-panel')).toHaveCount(0);
  await makeAdmin(other.email);
  await page.reload();
  await expect(page.getByTestId('owner-panel')).toBeVisible();
});
