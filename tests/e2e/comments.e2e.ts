import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { DonationSchema } from '../../modules/donations/index.ts';
import { FlagSchema } from '../../modules/flags/index.ts';
import { PaymentSchema } from '../../modules/payments/index.ts';
import { createUser, signInThroughApi, xsrfHeader, type TestUser } from './accounts.ts';
import { violations } from './axe.ts';
import { createFundraiser, give, signInOrganiser } from './organisers.ts';

/**
 * Words of support on a fundraiser's page: comments and donors' messages in one list, read
 * without JavaScript, and the island that loads as the list comes into view to comment, like,
 * show more, delete one's own, hide (the organiser) and report (anybody).
 */

const phone = { width: 390, height: 844 };
// Long enough that on a phone the words of support start far below the first screen.
const story = Array.from({ length: 12 }, (_, i) => `Week ${i + 1}: the pupils of Lalibela walk two hours for water, and the new well would bring it to the school yard.`).join('\n\n');

let organiser: TestUser;
/** The fundraiser most tests share, with two donors' words of support (one showing the amount). */
let fundraiserId = 0;
/** Another, with eleven comments: more than one page. */
let longId = 0;

const baseURL = () => test.info().project.use.baseURL ?? '';

/** A signed-in account of its own (a request context), that comments through the API as the page would. */
async function commenter(playwright: PlaywrightWorkerArgs['playwright']) {
  const request = await playwright.request.newContext({ baseURL: baseURL() });
  const user = await createUser(request);
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password }, headers: await xsrfHeader(request) });
  expect(login.ok()).toBe(true);
  const id = ((await login.json()) as { id: number }).id;
  return {
    user,
    say: async (fundraiser: number, content: string): Promise<number> => {
      const posted = await request.post('/api/comments', { headers: await xsrfHeader(request), data: { fundraiserId: fundraiser, userId: id, content } });
      expect(posted.status()).toBe(201);
      return ((await posted.json()) as { id: number }).id;
    },
    dispose: () => request.dispose(),
  };
}

/** The answer to the next like (POST) or unlike (DELETE) the page sends. */
const answered = (page: Page, method: 'POST' | 'DELETE') => page.waitForResponse((response) => response.url().endsWith('/like') && response.request().method() === method);

/** Brings the words of support into view, which loads their island, and waits for it. */
async function openConversation(page: Page) {
  const section = page.getByTestId('conversation');
  await section.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:has([data-testid="conversation"])')).not.toHaveAttribute('ssr');
  return section;
}

/** Whether the donation paid through the sandbox checkout at `checkoutUrl` may show its amount. */
async function showsAmount(checkoutUrl: string): Promise<boolean | undefined> {
  const ref = new URL(checkoutUrl).searchParams.get('payment') ?? '';
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  try {
    return (await orm.em.fork().findOne(PaymentSchema, { providerRef: ref }, { populate: ['donation'] }))?.donation.showAmount;
  } finally {
    await orm.close();
  }
}

async function storedFlags(targetType: 'COMMENT' | 'FUNDRAISER' | 'DONATION', targetId: number) {
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  try {
    return await orm.em.fork().find(FlagSchema, { targetType, targetId });
  } finally {
    await orm.close();
  }
}

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: baseURL() });
  organiser = await signInOrganiser(request);
  fundraiserId = await createFundraiser(request, { title: 'A well for the Lalibela school', currency: 'USD', description: story });
  longId = await createFundraiser(request, { title: 'Desks for the Axum library', currency: 'USD' });
  await request.dispose();
  for (const gift of [
    { amount: '50', donorName: 'Hanna Girma', message: 'For the children of Lalibela.', showAmount: true },
    { amount: '20', donorName: '', message: 'ለትምህርት ቤቱ ልጆች ውኃ ይድረስ።', showAmount: false },
  ]) {
    const visitor = await playwright.request.newContext({ baseURL: baseURL() });
    await give(visitor, { fundraiserId, ...gift });
    await visitor.dispose();
  }
});

test('a supporter comments, likes and unlikes, and deletes their comment; the island loads only as the list comes into view', async ({ page, request }) => {
  await signInThroughApi(page, await createUser(request));
  await page.setViewportSize(phone);
  const island: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/Conversation.')) island.push(sent.url());
  });
  await page.goto(`/fundraiser/${fundraiserId}`);
  await page.waitForLoadState('networkidle');
  expect(island).toEqual([]);
  const section = await openConversation(page);
  expect(island.length).toBeGreaterThan(0);

  const heading = section.getByRole('heading', { name: /^Words of support/ });
  await expect(heading).toHaveText('Words of support (2)');
  const box = section.getByLabel('Leave words of support');
  await box.fill('Stay strong!\nWe are with you.');
  await expect(section.getByTestId('comment-length')).toHaveText('29 / 2,000 characters');
  await section.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(section.getByRole('status')).toHaveText('Thank you! Your words of support are now on the page.');
  await expect(heading).toHaveText('Words of support (3)');
  await expect(box).toHaveValue('');
  const mine = section.getByRole('listitem').first();
  await expect(mine).toContainText('Stay strong!');

  const like = mine.getByRole('button', { name: /^Like/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like 0');
  const liked = answered(page, 'POST');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like 1');
  await liked;
  // The server kept it: the page made again shows it liked.
  await page.reload();
  await openConversation(page);
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAccessibleName('Like 1');
  const unliked = answered(page, 'DELETE');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like 0');
  await unliked;

  // Two quick clicks: the second goes once the first is answered, and the server ends where the reader did.
  const second = answered(page, 'DELETE');
  await like.click();
  await like.click();
  await expect(like).toHaveAccessibleName('Like 0');
  await second;
  await page.reload();
  await openConversation(page);
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like 0');

  // Shown at once, and taken back when the server refuses, with its words beside the comment.
  await page.route('**/api/comments/*/like', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 503, code: 'unavailable', message: 'The server is busy.' }) });
  });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toHaveAccessibleName('Like 0');
  await expect(mine.getByRole('alert')).toHaveText('The server is busy.');
  await page.unroute('**/api/comments/*/like');

  await mine.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Delete your comment?' });
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Delete comment' }).click();
  await expect(section.getByText('Stay strong!')).toHaveCount(0);
  await expect(heading).toHaveText('Words of support (2)');
  await expect(heading).toBeFocused();
  await expect(section.getByRole('status')).toHaveText('Comment deleted.');
});

test('the organiser hides another’s comment, giving a reason, and cannot delete it', async ({ page, playwright, browser }) => {
  const other = await commenter(playwright);
  await other.say(fundraiserId, 'Cheap watches at spam.example, today only!');
  await other.dispose();

  await signInThroughApi(page, organiser);
  await page.goto(`/fundraiser/${fundraiserId}`);
  const section = await openConversation(page);
  const item = section.getByRole('listitem').filter({ hasText: 'Cheap watches' });
  await expect(item.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await item.getByRole('button', { name: 'Hide' }).click();

  const ask = page.getByRole('alertdialog', { name: 'Hide this comment?' });
  const reason = ask.getByLabel('Reason');
  await expect(reason).toBeFocused();
  await ask.getByRole('button', { name: 'Hide comment' }).click();
  await expect(ask.getByText('Say why you are hiding this.')).toBeVisible();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await reason.fill('Advertising');
  await ask.getByRole('button', { name: 'Hide comment' }).click();
  await expect(ask).toBeHidden();
  await expect(item).toHaveCount(0);
  await expect(section.getByRole('status')).toHaveText('Comment hidden.');

  const visitor = await browser.newPage({ baseURL: baseURL() });
  await visitor.goto(`/fundraiser/${fundraiserId}`);
  await expect(visitor.getByTestId('conversation').getByText('Cheap watches')).toHaveCount(0);
  await visitor.close();
});

test('a visitor reports a donor’s words of support, and the organiser hides them with a reason; the donation stays', async ({ page, playwright, browser }) => {
  const own = await playwright.request.newContext({ baseURL: baseURL() });
  const itsOrganiser = await signInOrganiser(own);
  const wordsId = await createFundraiser(own, { title: 'Uniforms for the Gondar choir', currency: 'USD' });
  await own.dispose();
  const donor = await playwright.request.newContext({ baseURL: baseURL() });
  await give(donor, { fundraiserId: wordsId, amount: '15', donorName: 'Loud Donor', message: 'Visit my shop at spam.example for cheap phones', showAmount: true });
  await donor.dispose();

  const visitor = await browser.newPage({ baseURL: baseURL() });
  await visitor.goto(`/fundraiser/${wordsId}`);
  const seen = (await openConversation(visitor)).getByRole('listitem').filter({ hasText: 'cheap phones' });
  await expect(seen.getByRole('button', { name: 'Hide' })).toHaveCount(0);
  await seen.getByRole('button', { name: 'Report' }).click();
  const dialog = visitor.getByRole('dialog', { name: 'Report these words of support' });
  await dialog.getByRole('radio', { name: 'Spam or advertising' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByRole('dialog', { name: 'Thank you for telling us' })).toBeVisible();
  await visitor.close();
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  const donation = await orm.em.fork().findOneOrFail(DonationSchema, { message: 'Visit my shop at spam.example for cheap phones' });
  await orm.close();
  expect((await storedFlags('DONATION', donation.id)).map((flag) => flag.reason)).toEqual(['SPAM']);

  await signInThroughApi(page, itsOrganiser);
  await page.goto(`/fundraiser/${wordsId}`);
  const item = (await openConversation(page)).getByRole('listitem').filter({ hasText: 'cheap phones' });
  await item.getByRole('button', { name: 'Hide' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Hide these words of support?' });
  await ask.getByLabel('Reason').fill('Advertising');
  await ask.getByRole('button', { name: 'Hide words' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('conversation').getByRole('status')).toHaveText('Words of support hidden.');

  await page.reload();
  await expect(page.getByTestId('conversation').getByText('cheap phones')).toHaveCount(0);
  await expect(page.getByTestId('recent-donations').getByRole('listitem').filter({ hasText: 'Loud Donor' })).toContainText('$15');
});

test('a visitor reports a comment and the fundraiser, and a like sends them to sign in first', async ({ page, playwright }) => {
  const other = await commenter(playwright);
  const commentId = await other.say(fundraiserId, 'Send your gifts to my own account instead.');
  await other.dispose();

  await page.goto(`/fundraiser/${fundraiserId}`);
  const section = await openConversation(page);
  const item = section.getByRole('listitem').filter({ hasText: 'my own account' });
  await expect(item.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(item.getByRole('button', { name: 'Hide' })).toHaveCount(0);
  const report = item.getByRole('button', { name: 'Report' });
  await report.click();

  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  await expect(dialog.getByRole('radio', { name: 'Spam or advertising' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose what is wrong.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Fraud or a scam' }).check();
  await dialog.getByLabel('Details (optional)').fill('Asks for money outside the site.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  // The thanks take the form's place, and name the dialog now.
  const thanks = page.getByRole('dialog', { name: 'Thank you for telling us' });
  await expect(thanks.getByRole('heading', { name: 'Thank you for telling us' })).toBeFocused();
  await thanks.getByRole('button', { name: 'Close' }).click();
  await expect(thanks).toBeHidden();
  await expect(report).toBeFocused();
  const flags = await storedFlags('COMMENT', commentId);
  expect(flags.map((flag) => [flag.reason, flag.details])).toEqual([['FRAUD', 'Asks for money outside the site.']]);

  await page.getByRole('link', { name: 'Report this fundraiser' }).click();
  const fundraiserDialog = page.getByRole('dialog', { name: 'Report this fundraiser' });
  await fundraiserDialog.getByRole('radio', { name: 'Something else' }).check();
  await fundraiserDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(thanks).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(thanks).toBeHidden();
  expect(page.url()).toMatch(new RegExp(`/fundraiser/${fundraiserId}$`));
  expect((await storedFlags('FUNDRAISER', fundraiserId)).map((flag) => flag.reason)).toEqual(['OTHER']);

  await item.getByRole('button', { name: /^Like/ }).click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/fundraiser/${fundraiserId}#comments-title`)}`);
});

test('without JavaScript the first page is in the HTML, a script shown as text, and the next page is a link; with it, Show more adds it in place', async ({ browser, playwright }) => {
  const almaz = await commenter(playwright);
  const bekele = await commenter(playwright);
  const payload = '<img src=x onerror="document.title=\'xss\'"><script>document.title="xss"</script>\nSecond line & more';
  await almaz.say(longId, payload);
  for (let n = 1; n <= 5; n++) await almaz.say(longId, `Word ${n} from Almaz`);
  for (let n = 6; n <= 10; n++) await bekele.say(longId, `Word ${n} from Bekele`);
  await almaz.dispose();
  await bekele.dispose();

  const plain = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`/fundraiser/${longId}`);
  const section = page.getByTestId('conversation');
  await expect(section.getByRole('heading', { name: 'Words of support (11)' })).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(10);
  await expect(section.getByRole('listitem').first()).toContainText('Word 10 from Bekele');
  await expect(section.getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/fundraiser/${longId}#comments-title`)}`);
  await expect(section.locator('time').first()).toHaveText('now');

  await section.getByRole('link', { name: 'Show more words of support' }).click();
  await expect(page).toHaveURL(`/fundraiser/${longId}?commentsPage=1#comments-title`);
  await expect(section.getByRole('listitem')).toHaveCount(1);
  const shown = section.getByRole('listitem').getByText('<img src=x', { exact: false });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveCSS('white-space', 'pre-line');
  expect(await shown.evaluate((element) => (element as HTMLElement).innerText)).toBe(payload);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  const html = await (await page.request.get(`/fundraiser/${longId}?commentsPage=1`)).text();
  expect(html).not.toContain('<img src=x');
  expect(html).not.toContain('<script>document.title');
  await section.getByRole('link', { name: 'Newer words of support' }).click();
  await expect(section.getByRole('listitem')).toHaveCount(10);
  await plain.close();

  const reader = await browser.newPage({ baseURL: baseURL() });
  await reader.goto(`/fundraiser/${longId}`);
  const list = (await openConversation(reader)).getByRole('listitem');
  await reader.getByRole('link', { name: 'Show more words of support' }).click();
  await expect(list).toHaveCount(11);
  await expect(list.last()).toBeFocused();
  await expect(list.last()).toContainText('Second line & more');
  await expect(reader.getByRole('link', { name: 'Show more words of support' })).toHaveCount(0);
  expect(reader.url()).toMatch(new RegExp(`/fundraiser/${longId}$`));
  expect(await reader.title()).not.toBe('xss');
  await expect(reader.locator('img[src="x"]')).toHaveCount(0);
  await reader.close();
});

test('donors’ words show with their name or Anonymous, and the amount only where they chose to show it', async ({ browser }) => {
  const plain = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const page = await plain.newPage();
  await page.goto(`/fundraiser/${fundraiserId}`);
  const items = page.getByTestId('conversation').getByRole('listitem');
  const hanna = items.filter({ hasText: 'For the children of Lalibela.' });
  await expect(hanna).toContainText('Hanna Girma');
  await expect(hanna.getByTestId('donation-badge')).toHaveText('Donated $50');
  const anonymous = items.filter({ hasText: 'ለትምህርት ቤቱ ልጆች ውኃ ይድረስ።' });
  await expect(anonymous).toContainText('Anonymous');
  await expect(anonymous.getByTestId('donation-badge')).toHaveText('Donation');
  await expect(anonymous.getByText('ለትምህርት ቤቱ ልጆች ውኃ ይድረስ።')).toHaveAttribute('lang', 'am');
  // A donation is not a comment: nothing to like (and without the island, nothing to report or hide).
  await expect(hanna.getByRole('button')).toHaveCount(0);
  await plain.close();
});

test('the donate form’s choice to show the amount is kept, with JavaScript and without', async ({ page, browser }) => {
  await page.goto(`/donate/${fundraiserId}`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const form = page.getByTestId('donate-form');
  const show = form.getByLabel('Show the amount I give on the fundraiser page');
  await expect(show).not.toBeChecked();
  await form.getByRole('radio', { name: '$25', exact: true }).check();
  await form.getByLabel('Words of support (optional)').fill('From the Adwa choir, with love.');
  await form.getByLabel('Your name').fill('Meron Assefa');
  await show.check();
  await form.getByLabel('E-mail address').fill('meron@example.com');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/donation\/sandbox\?payment=sandbox_stripe_/);
  expect(await showsAmount(page.url())).toBe(true);
  await page.getByRole('button', { name: 'Pay (succeeds)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation!' })).toBeVisible();
  await page.goto(`/fundraiser/${fundraiserId}`);
  const words = page.getByTestId('conversation').getByRole('listitem').filter({ hasText: 'From the Adwa choir, with love.' });
  await expect(words.getByTestId('donation-badge')).toHaveText('Donated $25');

  const plain = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
  const noScript = await plain.newPage();
  await noScript.goto(`/am/donate/${fundraiserId}`);
  const plainForm = noScript.getByTestId('donate-form');
  await plainForm.getByRole('radio').first().check();
  await plainForm.getByLabel('የምለግሰው መጠን በማሰባሰቢያው ገጽ ላይ ይታይ').check();
  await plainForm.getByRole('textbox', { name: 'የኢሜይል አድራሻ' }).fill('plain@example.com');
  await plainForm.getByRole('radio', { name: /PayPal|ፔይፓል/ }).check();
  await plainForm.locator('button[type="submit"]').click();
  await expect(noScript).toHaveURL(/\/am\/donation\/sandbox\?payment=sandbox_paypal_/);
  expect(await showsAmount(noScript.url())).toBe(true);
  await plain.close();
});

test('the Amharic page speaks Amharic: the list, the form, the API’s errors and the report dialog', async ({ page, request }) => {
  await page.goto(`/am/fundraiser/${fundraiserId}`);
  let section = await openConversation(page);
  await expect(section.getByRole('heading', { name: /^የድጋፍ ቃላት \(\d+\)$/ })).toBeVisible();
  await expect(section.getByRole('link', { name: 'አስተያየት ለመስጠት ይግቡ' })).toHaveAttribute('href', `/am/login?redirect=${encodeURIComponent(`/am/fundraiser/${fundraiserId}#comments-title`)}`);
  const items = section.getByRole('listitem');
  await expect(items.filter({ hasText: 'For the children of Lalibela.' }).getByTestId('donation-badge')).toHaveText('$50 ለግሰዋል');
  const anonymous = items.filter({ hasText: 'ውኃ ይድረስ' });
  await expect(anonymous).toContainText('ስም አልባ');
  await expect(anonymous.getByTestId('donation-badge')).toHaveText('ልገሳ');
  await expect(anonymous.locator('time')).toHaveText(/^(አሁን|ከ\d+ (ደቂቃ|ደቂቃዎች|ሰዓት|ሰዓቶች) በፊት)$/);
  await expect(page.getByRole('link', { name: 'ይህን ማሰባሰቢያ ሪፖርት አድርግ' })).toBeVisible();

  await signInThroughApi(page, await createUser(request));
  await page.reload();
  section = await openConversation(page);
  await expect(section.getByTestId('comment-length')).toHaveText('0 / 2,000 ፊደላት');
  await section.getByRole('button', { name: 'ላክ', exact: true }).click();
  const box = section.getByLabel('የድጋፍ ቃል ይጻፉ');
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expect(box).toBeFocused();
  await expect(section.locator(`[id="${await box.getAttribute('id')}-error"]`)).toHaveText(/[\u1200-\u137F]/);

  const report = page.getByRole('link', { name: 'ይህን ማሰባሰቢያ ሪፖርት አድርግ' });
  await report.click();
  const dialog = page.getByRole('dialog', { name: 'ይህን ማሰባሰቢያ ሪፖርት ያድርጉ' });
  await expect(dialog.getByRole('group', { name: 'ችግሩ ምንድን ነው?' }).getByRole('radio')).toHaveCount(4);
  await expect(dialog.getByRole('radio', { name: 'አይፈለጌ መልእክት ወይም ማስታወቂያ' })).toBeFocused();
  await dialog.getByRole('button', { name: 'ይቅር' }).click();
  await expect(dialog).toBeHidden();
  await expect(report).toBeFocused();
});

for (const [lang, theme] of [
  ['en', 'light'],
  ['am', 'dark'],
] as const) {
  test(`axe finds no violations in the words of support, as their organiser and with the report dialog open (${lang}, ${theme})`, async ({ page, playwright }) => {
    const other = await commenter(playwright);
    await other.say(fundraiserId, lang === 'am' ? 'በርቱ! ከጎናችሁ ነን።' : 'Keep going, Lalibela!');
    await other.dispose();
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    const prefix = lang === 'am' ? '/am' : '';
    const scan = () => violations(page, { include: '[data-testid="conversation"]' });

    await signInThroughApi(page, organiser);
    await page.goto(`${prefix}/fundraiser/${fundraiserId}`);
    const section = await openConversation(page);
    await expect(section.getByRole('button', { name: lang === 'am' ? 'ደብቅ' : 'Hide' }).first()).toBeVisible();
    expect(await scan()).toEqual([]);

    await section.getByRole('button', { name: lang === 'am' ? 'ደብቅ' : 'Hide' }).first().click();
    await page.getByRole('alertdialog').getByRole('button').last().click();
    await expect(page.getByRole('alertdialog').getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expect(await scan()).toEqual([]);
    await page.keyboard.press('Escape');

    await section.getByRole('button', { name: lang === 'am' ? 'ሪፖርት አድርግ' : 'Report' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: lang === 'am' ? 'ሪፖርቱን ላክ' : 'Send report' }).click();
    await expect(page.getByRole('dialog').getByRole('radio').first()).toHaveAttribute('aria-invalid', 'true');
    expect(await scan()).toEqual([]);
  });
}
