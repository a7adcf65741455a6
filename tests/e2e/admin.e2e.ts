import { expect, test, type Page } from '@playwright/test';
import { createUser, makeAdmin, signInThroughApi, xsrfHeader } from './accounts.ts';
import { createFundraiser, give, signInOrganiser } from './organisers.ts';
import { rebuildSite } from './site.ts';

/**
 * The admin side in the browser: resolving a visitor's report by suspending a fundraiser,
 * which leaves every page it was on (the pre-rendered home and category pages after a
 * rebuild), and refunding a donation, which lowers the total.
 */

async function signInAdmin(page: Page) {
  const admin = await createUser(page.request);
  await makeAdmin(admin.email);
  await signInThroughApi(page, admin);
  return admin;
}

/** The reason typed into the open action dialog, then its confirming button. */
async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('an admin resolves a report by suspending the fundraiser: it leaves the home, category and discover pages, and its page answers 404', async ({ page, browser, baseURL }) => {
  // The home page's first featured fundraiser: reported by a visitor.
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto('/');
  const firstCard = home.locator('[aria-labelledby="featured-title"] article a').first();
  const href = (await firstCard.getAttribute('href')) ?? '';
  const id = Number(/\/fundraiser\/(\d+)/.exec(href)?.[1]);
  expect(id).toBeGreaterThan(0);
  const shown = (await (await visitor.request.get(`/api/fundraisers/${id}`)).json()) as { title: string; category: { slug: string } };
  const slug = shown.category.slug;
  const discover = `/discover?query=${encodeURIComponent(shown.title)}`;
  const onPage = async (path: string) => (await (await visitor.request.get(path)).text()).includes(`/fundraiser/${id}"`);
  expect(await onPage(`/category/${slug}`)).toBe(true);
  expect(await onPage(discover)).toBe(true);
  const reported = await visitor.request.post('/api/flags?captchaToken=', {
    headers: await xsrfHeader(visitor.request),
    data: { targetType: 'FUNDRAISER', targetId: id, reason: 'FRAUD', details: 'The hospital named in the story has no such patient.' },
  });
  expect(reported.status()).toBe(202);

  await signInAdmin(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('admin-dashboard')).toBeVisible();
  await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Review queue' }).click();
  const group = page.getByTestId('flag-group').filter({ hasText: shown.title });
  await expect(group).toContainText('The hospital named in the story has no such patient.');
  await group.getByRole('button', { name: 'Suspend the fundraiser' }).click();
  await confirmWithReason(page, 'Suspend the fundraiser', 'The hospital confirmed there is no such patient.');
  await expect(page.getByText(/Fundraiser suspended: 1 report/)).toBeVisible();

  // Gone for visitors at once where pages are made on demand, and after a rebuild where they
  // are pre-rendered (a change that takes a fundraiser off the lists starts one by itself:
  // tests/api/site-rebuild.test.ts; this server leaves rebuilds to the tests).
  expect((await visitor.request.get(`/fundraiser/${id}`)).status()).toBe(404);
  expect((await visitor.request.get(`/api/fundraisers/${id}`)).status()).toBe(404);
  expect(await onPage(discover)).toBe(false);
  await rebuildSite(baseURL!);
  expect(await onPage('/')).toBe(false);
  expect(await onPage(`/category/${slug}`)).toBe(false);
  await home.goto('/');
  await expect(home.locator(`a[href="/fundraiser/${id}"]`)).toHaveCount(0);

  // Reinstated from its admin page, it comes back (and the demo data is as the other tests expect it).
  await page.goto(`/admin/fundraisers?query=${id}`);
  await page.getByTestId('admin-fundraisers').getByRole('button', { name: `Manage ${shown.title}` }).click();
  await page.getByTestId('fundraiser-manager').getByRole('button', { name: 'Lift the suspension' }).click();
  await confirmWithReason(page, 'Lift the suspension', 'Reviewed again: the documents are in order.');
  expect((await visitor.request.get(`/fundraiser/${id}`)).status()).toBe(200);
  await rebuildSite(baseURL!);
  expect(await onPage('/')).toBe(true);
  await visitor.close();
});

test('an admin refunds a donation found by its number, and the fundraiser’s total drops', async ({ page, browser }) => {
  const organiser = await browser.newContext();
  await signInOrganiser(organiser.request);
  const id = await createFundraiser(organiser.request, { title: `Dialysis for Hirut ${Date.now()}`, currency: 'USD', goalAmount: '2000' });
  await organiser.close();
  const donor = await browser.newContext();
  await give(donor.request, { fundraiserId: id, amount: '25', donorName: 'Kidist' });
  await give(donor.request, { fundraiserId: id, amount: '40', donorName: 'Dawit' });
  await donor.close();

  await signInAdmin(page);
  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByTestId('fundraiser-raised')).toContainText('$65');
  const donations = (await (await page.request.get(`/api/admin/donations?fundraiserId=${id}`)).json()) as { content: { id: number; donorName: string }[] };
  const dawit = donations.content.find((d) => d.donorName === 'Dawit')!;

  await page.goto('/admin/donations');
  await page.getByLabel('Donation number, donor’s e-mail or payment reference').fill(String(dawit.id));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByTestId('admin-donations');
  await expect(found).toContainText('Dawit');
  await found.getByRole('button', { name: `Refund (donation No. ${dawit.id})` }).click();
  await confirmWithReason(page, 'Refund', 'The donor gave twice by mistake and asked for this one back.');
  await expect(found).toContainText('Refunded');

  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByTestId('fundraiser-raised')).toContainText('$25');
  // Asked again (a second tab, a double click that got through): nothing more is given back.
  const again = await page.request.post(`/api/admin/donations/${dawit.id}/refund`, { headers: await xsrfHeader(page.request), data: { reason: 'Clicked again in another tab.' } });
  expect(again.status()).toBe(409);
  await page.reload();
  await expect(page.getByTestId('fundraiser-raised')).toContainText('$25');
});

test('a member who opens an admin address is sent home without downloading the admin screens; an admin gets them', async ({ page, browser }) => {
  const adminCode = /\/_astro\/(Dashboard|Flags|Fundraisers|Donations|Users|Mail|Site|Audit)Screen\.[^/]*\.js/;
  const member = await browser.newContext();
  const memberPage = await member.newPage();
  await signInThroughApi(memberPage, await createUser(memberPage.request));
  const fetched: string[] = [];
  memberPage.on('request', (request) => fetched.push(request.url()));
  await memberPage.goto('/admin/flags');
  await expect(memberPage).toHaveURL(/\/$/);
  await memberPage.waitForLoadState('networkidle');
  expect(fetched.filter((url) => adminCode.test(url))).toEqual([]);
  await member.close();

  await signInAdmin(page);
  const adminFetched: string[] = [];
  page.on('request', (request) => adminFetched.push(request.url()));
  await page.goto('/admin/flags');
  await expect(page.getByTestId('admin-flags')).toBeVisible();
  expect(adminFetched.filter((url) => adminCode.test(url)).map((url) => /(\w+)Screen/.exec(url)?.[1])).toEqual(['Flags']);
  // Kept from search engines, as every admin page is.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});
