import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { createUser, signInThroughApi } from './accounts.ts';

/** Loaded, not a broken image: a picture with pixels. */
async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('the photo saved on /edit-profile is the one /profile shows, in both languages', async ({ page, request }) => {
  const user = await createUser(request);
  await signInThroughApi(page, user);
  const initials = `${user.firstName[0]}${user.lastName[0]}`;

  await page.goto('/profile');
  // The page fills in from the API once its island has checked the session: on a loaded machine that took over 5 s once.
  await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('avatar'), 'initials before there is a photo').toHaveCount(0);
  await expect(page.locator('main').getByText(initials, { exact: true })).toBeVisible();

  await page.goto('/edit-profile');
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#6a1b9a' } }).jpeg().toBuffer();
  await page.getByLabel('Choose a new photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByText('Your photo is saved.')).toBeVisible();
  const uploaded = await page.getByTestId('avatar').getAttribute('src');
  expect(uploaded).toMatch(/^\/media\/[0-9a-f]{32}-400\.webp$/);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes are saved.')).toBeVisible();

  for (const path of ['/profile', '/am/profile']) {
    await page.goto(path);
    const avatar = page.getByTestId('avatar');
    await expect(avatar).toHaveAttribute('src', uploaded ?? '');
    await expectLoaded(avatar);
    await expect(page.locator('main').getByText(initials, { exact: true }), `${path} shows the photo, not initials`).toHaveCount(0);
  }

  // Removed: the initials are back on the profile.
  await page.goto('/edit-profile');
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Your photo is removed.')).toBeVisible();
  await page.goto('/profile');
  await expect(page.locator('main').getByText(initials, { exact: true })).toBeVisible();
  await expect(page.getByTestId('avatar')).toHaveCount(0);
});
