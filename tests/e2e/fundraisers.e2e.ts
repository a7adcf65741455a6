import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { createUser, signInThroughApi } from './accounts.ts';
import { rebuildSite } from './site.ts';

async function photo(color: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).jpeg().toBuffer();
  return { name: `${color.slice(1)}.jpg`, mimeType: 'image/jpeg', buffer };
}

test('an organizer creates a fundraiser with two photos, finds it, posts an update, pauses and closes it', async ({ page, request, baseURL }) => {
  const user = await createUser(request);
  await signInThroughApi(page, user);
  const word = `Tesfa${randomUUID().slice(0, 8)}`;
  const title = `Clean water for ${word}`;

  await page.goto('/create-fundraiser');
  const form = page.locator('main form');
  await expect(form.getByLabel('Category')).toBeVisible();
  // The server's rules show next to the field they concern.
  await form.getByRole('button', { name: 'Create fundraiser' }).click();
  await expect(page.getByText('Use at least 5 characters.')).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your story').fill(`Our village well ran dry.\nWe need a new pump.\n\n<b>Thank you</b> ${word}`);
  await form.getByLabel('Goal amount').fill('2500');
  await form.getByLabel('Currency').selectOption('ETB');
  await expect(form.getByLabel('Category').locator('option')).not.toHaveCount(1);
  await form.getByLabel('Category').selectOption({ label: 'Emergency' });
  await form.getByLabel('Location').selectOption({ index: 1 });
  await form.getByLabel('Add photos').setInputFiles([await photo('#2e7d32'), await photo('#1565c0')]);
  await expect(form.getByTestId('photo-list').locator('li')).toHaveCount(2);
  await form.getByRole('button', { name: 'Create fundraiser' }).click();

  await page.waitForURL(/\/fundraiser\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('list').filter({ has: page.locator('img[srcset]') }).locator('img')).toHaveCount(2);
  // The story is text: markup typed into it stays visible as typed.
  await expect(page.getByTestId('fundraiser-story')).toContainText('<b>Thank you</b>');
  await expect(page.getByTestId('fundraiser-raised')).toContainText('0');
  await expect(page.getByRole('link', { name: 'Donate now' })).toHaveAttribute('href', `/donate/${id}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http:\/\/localhost:\d+\/.+1200/);

  // Found by search at once, and on its category's pre-rendered page once the site has been
  // rebuilt from the new data; no JavaScript is needed for either.
  await page.goto(`/discover?query=${word}`);
  await expect(page.getByTestId('results').getByRole('link', { name: title })).toBeVisible();
  await rebuildSite(baseURL!);
  await page.goto('/category/emergency');
  await expect(page.getByTestId('results').getByRole('link', { name: title })).toBeVisible();
  await page.getByRole('link', { name: title }).click();

  // Owner controls: post an update, pause, resume is offered, then close.
  const panel = page.getByTestId('owner-panel');
  await panel.getByLabel('Post an update').fill(`The pump is ordered ${word}.`);
  await panel.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByTestId('fundraiser-updates')).toContainText(`The pump is ordered ${word}.`);

  await page.getByTestId('owner-panel').getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('alertdialog', { name: 'Pause this fundraiser?' }).getByRole('button', { name: 'Pause fundraiser' }).click();
  await expect(page.getByTestId('fundraiser-status')).toContainText('Paused');
  await expect(page.getByRole('link', { name: 'Donate now' })).toHaveCount(0);

  await page.getByTestId('owner-panel').getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Close this fundraiser for good?' }).getByRole('button', { name: 'Close fundraiser' }).click();
  await expect(page.getByTestId('fundraiser-status')).toHaveText('Closed');
  await expect(page.getByTestId('owner-panel').getByRole('button', { name: 'Pause' })).toHaveCount(0);

  // My Fundraisers on the profile lists it with its status.
  await page.goto('/profile');
  const mine = page.getByTestId('my-fundraisers').getByRole('listitem').filter({ hasText: title });
  await expect(mine).toContainText('Closed');
  await expect(mine.getByRole('link', { name: `Edit ${title}` })).toHaveAttribute('href', `/edit-fundraiser/${id}`);
});

test('a visitor sees no owner controls and a 404 for an unknown fundraiser, in both languages', async ({ page, request }) => {
  // Another user's fundraiser, made through the API (this browser never signs in).
  const owner = await createUser(request);
  const xsrf = async () => {
    await request.get('/api/csrf');
    return { 'X-XSRF-TOKEN': decodeURIComponent((await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '') };
  };
  expect((await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password }, headers: await xsrf() })).ok()).toBe(true);
  const categories = (await (await request.get('/api/categories')).json()) as { id: number }[];
  const locations = (await (await request.get('/api/locations')).json()) as { id: number }[];
  const created = await request.post('/api/fundraisers', {
    headers: await xsrf(),
    data: { title: 'Seeds for Sidama farmers', description: 'Coffee seedlings for twelve families.', goalAmount: '30000', currency: 'ETB', categoryId: categories[0]?.id, locationId: locations[0]?.id },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/fundraiser/${id}`);
  await expect(page.locator('h1')).toHaveText('Seeds for Sidama farmers');
  await expect(page.getByTestId('owner-panel')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', /^https:\/\/t\.me\/share\/url\?url=/);
  await page.goto(`/am/fundraiser/${id}`);
  await expect(page.getByRole('link', { name: 'አሁን ይለግሱ' })).toHaveAttribute('href', `/am/donate/${id}`);

  for (const path of ['/fundraiser/999999999', '/am/fundraiser/999999999', '/fundraiser/not-an-id']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
  await page.goto('/am/discover');
  await expect(page.locator('h1')).toHaveText('ማሰባሰቢያዎችን ያግኙ');
});

test('a user uploads a profile photo on the edit-profile screen, and removes it', async ({ page, request }) => {
  const user = await createUser(request);
  await signInThroughApi(page, user);
  await page.goto('/edit-profile');
  await page.getByLabel('Choose a new photo').setInputFiles(await photo('#ad1457'));
  await expect(page.getByText('Your photo is saved.')).toBeVisible();
  await expect(page.getByTestId('avatar')).toHaveAttribute('src', /\/media\//);
  // Stored on the account: still there after a reload.
  await page.reload();
  await expect(page.getByTestId('avatar')).toBeVisible();
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Your photo is removed.')).toBeVisible();
  await expect(page.getByTestId('avatar')).toHaveCount(0);
});

test('the organizer edits a fundraiser: new title and goal, one photo removed', async ({ page, request }) => {
  const user = await createUser(request);
  await signInThroughApi(page, user);
  await page.request.get('/api/csrf');
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-XSRF-TOKEN': decodeURIComponent(token) };
  const categories = (await (await page.request.get('/api/categories')).json()) as { id: number }[];
  const locations = (await (await page.request.get('/api/locations')).json()) as { id: number }[];
  const created = await page.request.post('/api/fundraisers', {
    headers,
    data: { title: 'Roof for the clinic', description: 'The rains are coming.', goalAmount: '900', currency: 'USD', categoryId: categories[0]?.id, locationId: locations[0]?.id },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const color of ['#6a1b9a', '#ef6c00']) {
    const file = await photo(color);
    const uploaded = await page.request.post('/api/media/upload', { headers, multipart: { entityType: 'FUNDRAISER', entityId: String(id), file } });
    expect(uploaded.status()).toBe(201);
  }

  await page.goto(`/edit-fundraiser/${id}`);
  const form = page.locator('main form');
  await expect(form.getByLabel('Title')).toHaveValue('Roof for the clinic');
  await expect(form.getByTestId('photo-list').locator('li')).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove photo 2' }).click();
  await expect(form.getByTestId('photo-list').locator('li')).toHaveCount(1);
  await form.getByLabel('Title').fill('A new roof for the clinic');
  await form.getByLabel('Goal amount').fill('1200');
  await form.getByRole('button', { name: 'Save changes' }).click();

  await page.waitForURL(new RegExp(`/fundraiser/${id}$`));
  await expect(page.locator('h1')).toHaveText('A new roof for the clinic');
  // The donate box says it; the slim bar repeats it once the box is scrolled away.
  await expect(page.getByText('raised of $1,200 goal').first()).toBeVisible();
  await expect(page.locator('main img[srcset]')).toHaveCount(1);

  // Someone else's fundraiser is not theirs to edit.
  const other = await createUser(request);
  await signInThroughApi(page, other);
  await page.goto(`/edit-fundraiser/${id}`);
  await expect(page.getByText('Only the organizer can edit this fundraiser.')).toBeVisible();
});
