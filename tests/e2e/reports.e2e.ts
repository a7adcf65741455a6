import { expect as baseExpect, test } from '@playwright/test';
import { createUser, makeAdmin, signInThroughApi, xsrfHeader } from './accounts.ts';
import { createFundraiser, give, signInOrganiser } from './organisers.ts';

/**
 * The report screens: a fundraiser's progress page after a gift and a share (its chart, the
 * chart's table, the channels, the CSV), what a stranger sees there, My Reports, and the
 * admin's reports over the whole site.
 */

/** Counts reach the database every 5 s (modules/reports/report.counter.ts): room for a slow flush. */
const expect = baseExpect.configure({ timeout: 15_000 });

/** A gift through the sandbox, as the donate page makes it, from a visitor who came through a shared link. */

test('the progress page shows the chart and its table, the channels and the CSV after a gift and a share; a stranger is refused', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInOrganiser(page.request);
  const title = `Wheelchair for Abebe ${Date.now()}`;
  const id = await createFundraiser(page.request, { title, currency: 'ETB', goalAmount: '8000' });

  // A visitor arrives through a Telegram share, shares it on, and gives.
  const visitor = await browser.newContext();
  const sharer = await visitor.newPage();
  await sharer.goto(`/fundraiser/${id}?s=telegram`);
  await baseExpect(sharer.locator('h1')).toHaveText(title);
  expect((await visitor.request.post(`/api/fundraisers/${id}/shares`, { headers: await xsrfHeader(visitor.request), data: { channel: 'whatsapp' } })).status()).toBe(202);
  await give(visitor.request, { fundraiserId: id, amount: '2500', donorName: 'Tsion G.', channel: 'telegram', mayContact: true, showAmount: true, message: 'Get well soon, Abebe!' });
  await visitor.close();

  // The counts are written a few seconds later: the share, and the visit the server counted as it served the page.
  await expect
    .poll(async () => {
      const report = (await (await page.request.get(`/api/reports/fundraisers/${id}`)).json()) as { shareStats: { shares: number; channels: { channel: string; visits: number }[] } };
      return [report.shareStats.shares, report.shareStats.channels.find((c) => c.channel === 'telegram')?.visits];
    })
    .toEqual([1, 1]);

  await page.goto(`/fundraiser/${id}/progress`);
  const report = page.getByTestId('progress-report');
  await expect(report.getByRole('heading', { level: 2, name: title })).toBeVisible();
  // The goal and its milestones: 2,500 of 8,000 birr passes the first one, 2,000.
  const progress = page.getByTestId('report-progress');
  await expect(progress).toContainText('31% of the goal');
  await expect(page.getByTestId('milestones').getByRole('listitem').first()).toContainText('Reached');
  await expect(page.getByTestId('milestones').getByRole('listitem').nth(1)).toContainText('to go');
  // No update posted yet: the page asks for one and leads to the fundraiser's owner panel.
  await expect(page.getByTestId('update-prompt').getByRole('link', { name: 'Post an update' })).toHaveAttribute('href', `/fundraiser/${id}#owner-panel`);

  // The timeline is drawn (uPlot, on a canvas) and described, and its figures are a table too.
  const chart = page.getByTestId('report-timeline');
  await expect(chart.getByRole('img')).toHaveAttribute('aria-label', /Raised in the period|raised in the period/);
  await expect(chart.locator('canvas').first()).toBeVisible();
  await chart.getByText('Show as table').click();
  const table = chart.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Raised that day' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '2,500' }).first()).toBeVisible();

  // Where it came from: the share on WhatsApp, the visit and the gift through Telegram.
  const channels = page.getByTestId('channel-table');
  await expect(channels.getByRole('row', { name: /WhatsApp/ })).toContainText('1');
  await expect(channels.getByRole('row', { name: /Telegram/ })).toContainText('2,500');
  const recent = page.getByTestId('report-recent');
  await expect(recent).toContainText('Tsion G.');
  await expect(recent).toContainText('Get well soon, Abebe!');
  // The recent list never shows an address, even one the donor shared.
  await expect(recent).not.toContainText('giver@example.com');

  // The CSV of the period carries the same days, and the donor's address, which they allowed.
  const csv = page.getByTestId('csv-link');
  const href = (await csv.getAttribute('href')) ?? '';
  expect(href).toMatch(new RegExp(`^/api/reports/fundraisers/${id}/donations\\.csv\\?from=\\d{4}-\\d{2}-\\d{2}&to=\\d{4}-\\d{2}-\\d{2}&tz=`));
  const file = await page.request.get(href);
  expect(file.ok()).toBe(true);
  expect(await file.text()).toContain('Tsion G.');

  // Another period reloads the figures and is kept in the address.
  await page.getByText('7 days', { exact: true }).click();
  await expect(page).toHaveURL(`/fundraiser/${id}/progress?days=7`);
  await expect(page.getByTestId('report-figures')).toContainText('2,500');

  // In Amharic, in the Ethiopian calendar.
  await page.goto(`/am/fundraiser/${id}/progress`);
  await expect(page.getByTestId('period-picker')).toContainText(/መስከረም|ጥቅምት|ኅዳር|ታኅሣሥ|ጥር|የካቲት|መጋቢት|ሚያዝያ|ግንቦት|ሰኔ|ሐምሌ|ነሐሴ|ጳጉሜን/);
  await expect(page.getByTestId('report-timeline').getByText('በሰንጠረዥ አሳይ')).toBeVisible();

  // The organiser's own reports list the fundraiser and lead to its progress.
  await page.goto('/reports');
  await expect(page.getByTestId('report-figures')).toContainText('2,500');
  await page.getByTestId('report-fundraisers').getByRole('link', { name: `See progress: ${title}` }).click();
  await expect(page).toHaveURL(`/fundraiser/${id}/progress`);

  // Somebody else, signed in, is told the report is not theirs.
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await signInThroughApi(strangerPage, await createUser(stranger.request));
  await strangerPage.goto(`/fundraiser/${id}/progress`);
  await expect(strangerPage.getByTestId('report-forbidden')).toContainText('This report is not yours to see');
  await expect(strangerPage.locator('canvas')).toHaveCount(0);
  await stranger.close();
});

test('an admin sees the reports of the whole site; others are sent away', async ({ page, browser }) => {
  const admin = await createUser(page.request);
  await makeAdmin(admin.email);
  await signInThroughApi(page, admin);
  await page.goto('/admin/reports');
  const platform = page.getByTestId('report-platform');
  await expect(platform.getByRole('heading', { name: 'The whole site' })).toBeVisible();
  await expect(platform.getByTestId('platform-new-users')).toContainText(/\d/);
  await expect(page.getByTestId('report-timeline').locator('canvas').first()).toBeVisible();
  await page.getByRole('navigation', { name: 'Report sections' }).getByRole('link', { name: 'Donations' }).click();
  await expect(page).toHaveURL('/admin/reports/donations');
  await expect(page.getByTestId('csv-link')).toHaveAttribute('href', /^\/api\/admin\/reports\/donations\.csv\?from=/);
  await expect(page.getByTestId('donations-found')).toContainText('Donations found:');

  // An organiser who is not an admin goes home from the admin's reports.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInThroughApi(otherPage, await createUser(other.request));
  await otherPage.goto('/admin/reports');
  await expect(otherPage).toHaveURL('/');
  await other.close();
});
