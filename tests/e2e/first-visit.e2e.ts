import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { createUser } from './accounts.ts';
import { latestMails } from './outbox.ts';
import { rebuildSite } from './site.ts';

/**
 * What a newcomer meets on a fresh install: the server runs with no PUBLIC_URL (the
 * playwright config sets none), so every link must name the address it serves on, and the
 * demo data's figures on the home page must be the sums of its donations.
 */

/** What the home page must state, worked out from the donation rows themselves. */
async function figuresFromDonations(): Promise<{ fundraisers: number; donations: number; raised: Map<string, number> }> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!databaseUrl) throw new Error('E2E_DATABASE_URL is not set; run through npm run test:e2e');
  const orm = await openDatabase(databaseUrl);
  try {
    const connection = orm.em.getConnection();
    const shown = "from `fundraiser` f where f.`status` <> 'SUSPENDED'";
    const [{ n: fundraisers }] = (await connection.execute(`select count(*) as n ${shown}`)) as [{ n: number }];
    const rows = (await connection.execute(
      "select d.`currency` as currency, count(*) as n, sum(d.`amount_minor`) as minor from `donation` d join `fundraiser` f on f.`id` = d.`fundraiser_id` where d.`status` = 'SUCCEEDED' and f.`status` <> 'SUSPENDED' group by d.`currency`",
    )) as { currency: string; n: number; minor: number }[];
    return {
      fundraisers: Number(fundraisers),
      donations: rows.reduce((sum, row) => sum + Number(row.n), 0),
      // The home page shows whole units, rounded down.
      raised: new Map(rows.map((row) => [row.currency, Math.floor(Number(row.minor) / 100)])),
    };
  } finally {
    await orm.close();
  }
}

/** The figures the home page states: each `dd`'s digits, in order (raised, fundraisers, donations). */
async function statedFigures(page: Page, path: string): Promise<{ raised: Map<string, number>; fundraisers: number; donations: number }> {
  await page.goto(path);
  const values = await page.getByTestId('site-stats').locator('dd').allTextContents();
  expect(values).toHaveLength(3);
  const digits = (text: string) => Number(text.replace(/[^\d]/g, ''));
  const raised = new Map<string, number>();
  for (const part of values[0]!.split(/\s+(?:and|እና)\s+/)) raised.set(part.includes('$') ? 'USD' : 'ETB', digits(part));
  return { raised, fundraisers: digits(values[1]!), donations: digits(values[2]!) };
}

test('the home page states the demo data’s real totals in both languages: the sums of its donations', async ({ page, baseURL }) => {
  const expected = await figuresFromDonations();
  expect(expected.donations).toBeGreaterThan(100);
  expect([...expected.raised.keys()].sort()).toEqual(['ETB', 'USD']);
  // The pre-rendered pages follow the data a rebuild later; other tests may have just given.
  await expect(async () => {
    await rebuildSite(baseURL!);
    const now = await figuresFromDonations();
    for (const path of ['/', '/am/']) {
      const stated = await statedFigures(page, path);
      expect(stated.fundraisers).toBe(now.fundraisers);
      expect(stated.donations).toBe(now.donations);
      expect(stated.raised).toEqual(now.raised);
    }
  }).toPass({ timeout: 45_000 });
  // A claim the data does not back is not made.
  await page.goto('/');
  if (expected.fundraisers < 1000) await expect(page.getByText('1000+')).toHaveCount(0);
});

test('with no PUBLIC_URL set, Open Graph tags, share links and mailed links name the address the site is served on', async ({ page, request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  await page.goto('/fundraiser/1');
  const pageUrl = `${origin}/fundraiser/1`;
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', pageUrl);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', pageUrl);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`^${origin}/`));
  const facebook = await page.getByRole('link', { name: /Facebook/ }).first().getAttribute('href');
  // Each share names the channel it went through (?s=), for the counts.
  expect(new URL(facebook!).searchParams.get('u')).toBe(`${pageUrl}?s=facebook`);
  await expect(page.locator('[data-copy-link]').first()).toHaveAttribute('data-copy-link', `${pageUrl}?s=copy`);

  // A newcomer can confirm their account from the mail's link as it is, on this port.
  const since = (await latestMails(1))[0]?.id ?? 0;
  const user = await createUser(request, { verified: false });
  let link: string | undefined;
  await expect(async () => {
    const mail = (await latestMails(20)).find((m) => m.to === user.email && m.id > since);
    link = /(https?:\/\/\S+\/verify-email\?token=[\w%-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  expect(new URL(link!).origin).toBe(origin);
  await page.goto(link!);
  await expect(page.getByRole('link', { name: 'Log in now' })).toBeVisible();
});
