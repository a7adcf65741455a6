import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { rebuildSite } from './site.ts';

test('a category page shows its first page pre-rendered and the rest in place, or on discover without JavaScript', async ({ page, browser, request, baseURL }) => {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set; run through npm run test:e2e');
  // More than a page of them, written straight to the database as an operator's import would.
  const marker = `Stadium${randomUUID().slice(0, 6)}`;
  const orm = await openDatabase(databaseUrl);
  try {
    const owner = (await fakeUser(orm)).user;
    for (let i = 0; i < 13; i += 1) await fakeFundraiser(orm, owner, { categorySlug: 'sports', title: `Football boots ${marker} ${i}` });
  } finally {
    await orm.close();
  }
  const categories = (await (await request.get('/api/categories')).json()) as { id: number; slug: string }[];
  const sports = categories.find((c) => c.slug === 'sports')!.id;
  const { totalElements: total } = (await (await request.get(`/api/fundraisers?categoryId=${sports}&size=1`)).json()) as { totalElements: number };
  expect(total).toBeGreaterThan(12);
  expect(total).toBeLessThanOrEqual(24);

  const cards = page.getByTestId('results').getByRole('listitem');
  await rebuildSite(baseURL!);
  await page.goto('/category/sports');
  await expect(page.getByTestId('result-count')).toHaveText(`${total} fundraisers found`);
  await expect(cards).toHaveCount(12);

  // Keyboard users carry on from the first card they have not seen yet.
  await page.getByRole('button', { name: 'Show more fundraisers' }).press('Enter');
  await expect(cards).toHaveCount(total);
  await expect(page.getByTestId('result-count')).toHaveText(`Showing ${total} of ${total} fundraisers`);
  await expect(cards.nth(12).getByRole('link')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Show more fundraisers' })).toHaveCount(0);

  await page.goto('/am/category/sports');
  await page.getByRole('button', { name: 'ተጨማሪ ማሰባሰቢያዎችን አሳይ' }).click();
  await expect(cards).toHaveCount(total);
  await expect(cards.nth(12).getByRole('link')).toHaveAttribute('href', /^\/am\/fundraiser\/\d+$/);

  const noScript = await browser.newContext({ baseURL: test.info().project.use.baseURL, javaScriptEnabled: false });
  try {
    const plain = await noScript.newPage();
    await plain.goto('/category/sports');
    await plain.getByRole('link', { name: 'Show more fundraisers' }).click();
    await expect(plain).toHaveURL(`/discover?categoryId=${sports}&page=2`);
    await expect(plain.getByTestId('results').getByRole('listitem')).toHaveCount(total - 12);
  } finally {
    await noScript.close();
  }
});
