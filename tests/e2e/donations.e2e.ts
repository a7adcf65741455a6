import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { PaymentSchema } from '../../modules/payments/index.ts';
import { xsrfHeader } from './accounts.ts';
import { createFundraiser, give, signInOrganiser } from './organisers.ts';

/**
 * Giving through the sandbox checkout, which stands in for both providers while they have
 * no keys (as on this test server): the donate form, the labelled test checkout, the
 * success and cancel pages, the receipt, and what the fundraiser page shows afterwards.
 */

/** A fundraiser of a new organiser's, made through the API; the page's browser stays a visitor. */
async function newOrganisersFundraiser(request: APIRequestContext, data: { title: string; currency: 'USD' | 'ETB'; goalAmount: string }) {
  await signInOrganiser(request);
  const id = await createFundraiser(request, { ...data, description: 'Medicine and transport to the hospital in Jimma.' });
  const headers = await xsrfHeader(request);
  return {
    id,
    give: (gift: { amount: string; donorName: string; message?: string; showAmount?: boolean }) => give(request, { fundraiserId: id, ...gift }),
    setStatus: async (status: 'PAUSED' | 'ACTIVE') => expect((await request.patch(`/api/fundraisers/${id}`, { headers, data: { status } })).ok()).toBe(true),
  };
}

/** Fails the test on any script or frame the page's CSP refused, which would leave the page half-working. */
function watchCsp(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  return refused;
}

/**
 * Opens a donate page and waits for its script: the form also works before that, as a plain
 * form that posts, so a test of what the script does must not click ahead of it.
 */
async function openDonateForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The donation's status as stored, found by its payment's reference. */
async function donationStatus(paymentRef: string): Promise<string | undefined> {
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  try {
    return (await orm.em.fork().findOne(PaymentSchema, { providerRef: paymentRef }, { populate: ['donation'] }))?.donation.status;
  } finally {
    await orm.close();
  }
}

test('a visitor gives by card through the test checkout, downloads the receipt and sees the total move', async ({ page, request }) => {
  const refused = watchCsp(page);
  const stripeRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('stripe.com') || r.url().includes('CardPayment')) stripeRequests.push(r.url());
  });
  const title = 'Insulin for Meseret';
  const { id } = await newOrganisersFundraiser(request, { title, currency: 'USD', goalAmount: '1000' });

  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('$0');
  await expect(page.getByRole('heading', { name: 'Recent donations (0)' })).toBeVisible();
  await page.getByRole('link', { name: 'Donate now' }).click();

  await expect(page).toHaveURL(`/donate/${id}`);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  const form = page.getByTestId('donate-form');
  // Presets suit the currency; choosing one fills the amount field.
  await expect(form.getByRole('group', { name: 'Choose an amount' }).getByRole('radio')).toHaveCount(5);
  await form.getByRole('radio', { name: '$25', exact: true }).check();
  await expect(form.getByLabel('Amount in US dollars')).toHaveValue('25');
  await form.getByLabel('Words of support (optional)').fill('Get well soon, Meseret!');
  await form.getByLabel('Your name').fill('Almaz T.');
  await form.getByLabel('E-mail address').fill('almaz@example.com');
  await expect(form.getByRole('radio', { name: /Card/ })).toBeChecked();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // The test checkout says plainly that it is one, and what is being paid.
  await expect(page).toHaveURL(/\/donation\/sandbox\?payment=sandbox_stripe_/);
  await expect(page.getByTestId('sandbox-banner')).toHaveText('Test payment — no money moves');
  await expect(page.getByText('Amount: $25')).toBeVisible();
  const paymentRef = new URL(page.url()).searchParams.get('payment') ?? '';
  await page.getByRole('button', { name: 'Pay (succeeds)' }).click();

  await expect(page).toHaveURL(`/donation/success?payment_intent=${paymentRef}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation!' })).toBeFocused();
  await expect(page.getByText(`You gave $25 to “${title}”.`)).toBeVisible();
  // The fundraiser's own share buttons, and the way back to it.
  await expect(page.getByRole('link', { name: /^Telegram/ })).toHaveAttribute('href', new RegExp(`fundraiser%2F${id}`));
  await expect(page.getByRole('link', { name: 'Back to the fundraiser' })).toHaveAttribute('href', `/fundraiser/${id}`);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Receipt-[A-Za-z0-9_-]{16,32}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

  // When the receipt cannot be had, an alert says so in these words.
  await page.route('**/api/receipts/pdf/**', (route) => route.fulfill({ status: 500, body: '' }));
  const failed = page.waitForEvent('dialog');
  await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  const alert = await failed;
  expect(alert.message()).toBe('Failed to download receipt. Please try again later.');
  await alert.accept();

  // Counted once, however often the success page is opened.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation!' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the fundraiser' }).click();
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('$25');
  await expect(page.getByText('1 donation', { exact: true })).toBeVisible();
  const recent = page.getByTestId('recent-donations').getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent.first()).toContainText('Almaz T.');
  // The donor did not choose to show the amount: neither here nor beside the words, which go with the other words of support.
  await expect(recent.first()).not.toContainText('$25');
  await expect(recent.first()).not.toContainText('Get well soon, Meseret!');
  const words = page.getByTestId('conversation').getByRole('listitem').filter({ hasText: 'Get well soon, Meseret!' });
  await expect(words).toContainText('Almaz T.');
  await expect(words.getByTestId('donation-badge')).toHaveText('Donation');
  expect(await donationStatus(paymentRef)).toBe('SUCCEEDED');
  expect(refused).toEqual([]);
  // The sandbox needs no card form: neither Stripe's script nor ours for it was loaded.
  expect(stripeRequests).toEqual([]);
});

test('with real Stripe keys the card form is Stripe’s Payment Element, loaded only then, returning to the success page', async ({ page, request }) => {
  const refused = watchCsp(page);
  const { id } = await newOrganisersFundraiser(request, { title: 'Eyeglasses for Dawit', currency: 'USD', goalAmount: '300' });
  // This server has no Stripe keys: its answer, and Stripe.js, are stood in for here.
  await page.route('https://js.stripe.com/v3', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.Stripe = (key) => ({
        elements: () => ({
          create: () => ({
            on(event, handler) { if (event === 'ready') this.ready = handler; },
            mount(element) { element.innerHTML = '<p data-testid="payment-element">Card number</p>'; setTimeout(() => this.ready(), 0); },
            destroy() {},
          }),
        }),
        confirmPayment: async ({ confirmParams }) => {
          window.confirmed = { key, returnUrl: confirmParams.return_url };
          return { error: { message: 'Your card was declined.' } };
        },
      });`,
    }),
  );
  // Nor names its policy any of Stripe's hosts: a server with keys names these.
  await page.route(`**/donate/${id}`, async (route) => {
    const response = await route.fetch();
    const policy = (response.headers()['content-security-policy'] ?? '')
      .replace(/script-src ([^;]*)/, 'script-src $1 https://js.stripe.com')
      .replace(/connect-src ([^;]*)/, 'connect-src $1 https://js.stripe.com https://api.stripe.com')
      .replace(/frame-src ([^;]*)/, 'frame-src $1 https://js.stripe.com https://hooks.stripe.com');
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.route('**/api/payments?**', async (route) => {
    const { donationId } = route.request().postDataJSON() as { donationId: number };
    await route.fulfill({
      json: { donationId, paymentMethod: 'STRIPE', paymentIntentId: 'pi_e2e', sandbox: false, clientSecret: 'pi_e2e_secret_x', publishableKey: 'pk_test_e2e', approvalUrl: null, checkoutUrl: null },
    });
  });

  await openDonateForm(page, `/donate/${id}`);
  const form = page.getByTestId('donate-form');
  await form.getByLabel('Amount in US dollars').fill('40');
  await form.getByLabel('Your name').fill('Yared');
  await form.getByLabel('E-mail address').fill('yared@example.com');
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeFocused();
  await expect(page.getByTestId('payment-element')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $40' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { confirmed: unknown }).confirmed)).toEqual({
    key: 'pk_test_e2e',
    returnUrl: `${test.info().project.use.baseURL}/donation/success`,
  });

  // Back to the form as it was left.
  await page.getByRole('button', { name: 'Change the donation' }).click();
  await expect(form.getByLabel('Amount in US dollars')).toBeFocused();
  await expect(form.getByLabel('Your name')).toHaveValue('Yared');
  expect(refused).toEqual([]);
});

test('a visitor cancels at the checkout: nothing is charged and the total stays', async ({ page, request }) => {
  const refused = watchCsp(page);
  const { id } = await newOrganisersFundraiser(request, { title: 'A wheelchair for Abebe', currency: 'ETB', goalAmount: '20000' });

  await openDonateForm(page, `/donate/${id}`);
  const form = page.getByTestId('donate-form');
  await form.getByRole('radio', { name: 'ETB 500' }).check();
  await form.getByLabel('Give anonymously (do not show my name)').check();
  await expect(form.getByLabel('Your name')).toBeDisabled();
  await form.getByLabel('E-mail address').fill('giver@example.com');
  // PayPal settles no birr: a birr fundraiser offers Chapa first, and card.
  await expect(form.getByRole('radio', { name: /PayPal/ })).toHaveCount(0);
  await expect(form.getByText('PayPal does not take Ethiopian birr, so it is not offered for this fundraiser.')).toBeVisible();
  await form.getByRole('radio', { name: /^Card/ }).check();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/donation\/sandbox\?payment=sandbox_stripe_/);
  const paymentRef = new URL(page.url()).searchParams.get('payment') ?? '';
  const recorded = page.waitForResponse((response) => response.url().includes('/api/confirm-payment') && response.ok());
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`/donation/cancel?payment_intent=${paymentRef}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your donation was cancelled' })).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  expect(((await (await recorded).json()) as { status: string }).status).toBe('CANCELLED');
  await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', `/donate/${id}`);
  expect(await donationStatus(paymentRef)).toBe('CANCELLED');

  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('ETB 0');
  await expect(page.getByText('No donations yet. Yours could be the first.')).toBeVisible();
  expect(refused).toEqual([]);
});

test('a birr donation through the Chapa sandbox reaches the receipt', async ({ page, request }) => {
  const refused = watchCsp(page);
  const title = 'Oxygen for the clinic in Bahir Dar';
  const { id } = await newOrganisersFundraiser(request, { title, currency: 'ETB', goalAmount: '50000' });

  await openDonateForm(page, `/donate/${id}`);
  const form = page.getByTestId('donate-form');
  // Birr: telebirr, CBE Birr, M-Pesa and banks through Chapa come first and are chosen, then card.
  const methods = form.getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods).toHaveCount(2);
  await expect(methods.first()).toHaveAccessibleName(/^telebirr, CBE Birr, M-Pesa or bank/);
  const chapa = methods.first();
  await expect(chapa).toBeChecked();
  // Chapa's limits are told before paying; the number for Chapa's page is asked for Chapa only.
  const phone = form.getByLabel('Mobile number for telebirr or M-Pesa (optional)');
  await expect(form.getByText('telebirr: ETB 1 to ETB 75,000')).toBeVisible();
  await expect(phone).toHaveAttribute('type', 'tel');
  await form.getByRole('radio', { name: /^Card/ }).check();
  await expect(phone).toBeHidden();
  await chapa.check();
  await form.getByRole('radio', { name: 'ETB 1,000', exact: true }).check();
  await form.getByLabel('Your name').fill('Tigist B.');
  await form.getByLabel('E-mail address').fill('tigist@example.com');
  await phone.fill('0911 23 45 67');
  const starting = page.waitForRequest((r) => r.url().includes('/api/payments?') && r.method() === 'POST');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  expect((await starting).postDataJSON()).toMatchObject({ paymentMethod: 'CHAPA', phoneNumber: '0911 23 45 67' });

  // The test checkout stands in for Chapa's page, says so, and asks how the donor pays there.
  await expect(page).toHaveURL(/\/donation\/sandbox\?payment=sandbox_chapa_/);
  await expect(page.getByTestId('sandbox-banner')).toHaveText('Test payment — no money moves');
  await expect(page.getByRole('heading', { level: 1, name: 'Test of the Chapa checkout' })).toBeVisible();
  await expect(page.getByText('Amount: ETB 1,000')).toBeVisible();
  const ways = page.getByRole('group', { name: "How you pay on Chapa's page" });
  await expect(ways.getByRole('radio', { name: 'telebirr' })).toBeChecked();
  await ways.getByRole('radio', { name: 'M-Pesa' }).check();
  const paymentRef = new URL(page.url()).searchParams.get('payment') ?? '';
  await page.getByRole('button', { name: 'Pay (succeeds)' }).click();

  await expect(page).toHaveURL(`/donation/success?payment_intent=${paymentRef}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your donation!' })).toBeFocused();
  await expect(page.getByText(`You gave ETB 1,000 to “${title}”.`)).toBeVisible();
  await expect(page.getByText('Paid by M-Pesa', { exact: true })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^Receipt-[A-Za-z0-9_-]{16,32}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await donationStatus(paymentRef)).toBe('SUCCEEDED');
  expect(refused).toEqual([]);
});

test('what a donor types and chooses before the form’s script has arrived is kept', async ({ page, request }) => {
  const { id } = await newOrganisersFundraiser(request, { title: 'Clean water for Adwa', currency: 'USD', goalAmount: '900' });
  // A slow connection: the page is there, its script not yet.
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/DonateForm.*.js', async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(`/donate/${id}`, { waitUntil: 'domcontentloaded' });
  const form = page.getByTestId('donate-form');
  await form.getByLabel('Amount in US dollars').fill('30');
  await form.getByLabel('Give anonymously (do not show my name)').check();
  await form.getByLabel('E-mail address').fill('early@example.com');
  await form.getByRole('radio', { name: /PayPal/ }).check();
  const submit = form.getByRole('button', { name: 'Continue to payment' });
  release();
  await expect(form.getByLabel('Your name')).toBeDisabled();
  await submit.click();
  await expect(page).toHaveURL(/\/donation\/sandbox\?payment=sandbox_paypal_/);
  await expect(page.getByText('Amount: $30')).toBeVisible();
});

test('with no script at all the donate page works as a plain form that posts: the e-mail never reaches a URL', async ({ browser, request }) => {
  const { id } = await newOrganisersFundraiser(request, { title: 'Roof for the school in Dessie', currency: 'USD', goalAmount: '700' });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  await page.goto(`/am/donate/${id}`);
  const form = page.getByTestId('donate-form');
  await expect(form).toHaveAttribute('method', 'post');
  // A mistake comes back as words on the same page.
  await form.getByRole('textbox', { name: 'የኢሜይል አድራሻ' }).fill('not-an-address');
  await form.getByRole('button', { name: 'ወደ ክፍያ ይቀጥሉ' }).click();
  await expect(page).toHaveURL(new RegExp(`/am/donate/${id}\\?problem=validation_failed`));
  await expect(page.getByRole('alert')).toBeVisible();
  await form.getByRole('radio').first().check();
  await form.getByRole('textbox', { name: 'የኢሜይል አድራሻ' }).fill('plain@example.com');
  await form.getByRole('radio', { name: /PayPal|ፔይፓል/ }).check();
  await form.getByRole('button', { name: 'ወደ ክፍያ ይቀጥሉ' }).click();
  await expect(page).toHaveURL(/\/am\/donation\/sandbox\?payment=sandbox_paypal_/);
  expect(urls.filter((url) => url.includes('plain%40example.com') || url.includes('plain@example.com'))).toEqual([]);
  await context.close();
});

test('a declined test payment says so and leads back to the donate form', async ({ page, request }) => {
  const { id } = await newOrganisersFundraiser(request, { title: 'Seeds for Wolaita farmers', currency: 'USD', goalAmount: '800' });
  await openDonateForm(page, `/am/donate/${id}`);
  const form = page.getByTestId('donate-form');
  await form.getByRole('radio', { name: '$50' }).check();
  await form.getByLabel('የኢሜይል አድራሻ').fill('giver@example.com');
  await form.getByRole('radio', { name: /ፔይፓል/ }).check();
  await form.getByRole('button', { name: 'ወደ ክፍያ ይቀጥሉ' }).click();

  // The Amharic page's checkout and result pages are Amharic too.
  await expect(page).toHaveURL(/\/am\/donation\/sandbox\?payment=sandbox_paypal_/);
  await expect(page.getByTestId('sandbox-banner')).toHaveText('የሙከራ ክፍያ — ምንም ገንዘብ አይተላለፍም');
  await page.getByRole('button', { name: 'ውድቅ አድርግ (አይሳካም)' }).click();
  await expect(page).toHaveURL(/\/am\/donation\/success\?payment_intent=sandbox_paypal_/);
  await expect(page.getByRole('heading', { level: 1, name: 'ክፍያዎ አልተሳካም' })).toBeFocused();
  await page.getByRole('link', { name: 'እንደገና ይሞክሩ' }).click();
  await expect(page).toHaveURL(`/am/donate/${id}`);
});

test('the form shows the server’s field errors, in Amharic on the Amharic page; closed and unknown fundraisers take nothing', async ({ page, request }) => {
  const { id, setStatus } = await newOrganisersFundraiser(request, { title: 'School fees for Hana', currency: 'USD', goalAmount: '600' });

  await openDonateForm(page, `/donate/${id}`);
  const form = page.getByTestId('donate-form');
  const amount = form.getByLabel('Amount in US dollars');
  const email = form.getByLabel('E-mail address');
  const summary = form.getByRole('alert');
  await amount.fill('0.50');
  await email.fill('not-an-address');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(summary).toContainText('Please correct the following:');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toBeFocused();
  // The summary's links lead to their fields.
  await amount.focus();
  await summary.getByRole('link', { name: /^E-mail address: Enter a valid e-mail address/ }).click();
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(`/donate/${id}`);

  // Below the smallest donation: the amount's own message, next to it and in the summary.
  await email.fill('hana@example.com');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(summary.getByRole('link', { name: 'Amount in US dollars: The smallest donation is 1 USD.' })).toBeVisible();
  await expect(form.getByText('The smallest donation is 1 USD.', { exact: true })).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();
  await expect(email).not.toHaveAttribute('aria-invalid');

  await openDonateForm(page, `/am/donate/${id}`);
  const amharic = page.getByTestId('donate-form');
  await amharic.getByLabel('የልገሳ መጠን በአሜሪካ ዶላር').fill('0.5');
  await amharic.getByLabel('የኢሜይል አድራሻ').fill('hana@example.com');
  await amharic.getByRole('button', { name: 'ወደ ክፍያ ይቀጥሉ' }).click();
  await expect(amharic.getByText('ዝቅተኛው የልገሳ መጠን 1 USD ነው።', { exact: true })).toBeVisible();

  await setStatus('PAUSED');
  await openDonateForm(page, `/donate/${id}`);
  await expect(page.getByTestId('donate-closed')).toContainText('This fundraiser is not accepting donations at the moment.');
  await expect(page.getByTestId('donate-form')).toHaveCount(0);
  await expect(page.getByTestId('donate-closed').getByRole('link', { name: 'Back to the fundraiser' })).toHaveAttribute('href', `/fundraiser/${id}`);

  for (const path of ['/donate/999999999', '/am/donate/999999999', '/donate/not-an-id']) {
    expect((await page.goto(path))?.status()).toBe(404);
  }
});

test('the fundraiser page lists donations newest first, ten at a time, with the page’s words for Anonymous and amounts only where donors allowed', async ({ page, request }) => {
  const { id, give } = await newOrganisersFundraiser(request, { title: 'Books for the Dessie library', currency: 'ETB', goalAmount: '50000' });
  for (let n = 1; n <= 12; n++) await give({ amount: String(100 * n), donorName: n === 12 ? '' : `Donor ${n}`, message: n === 11 ? 'ለልጆቹ መጻሕፍት' : undefined, showAmount: n !== 11 });

  await page.goto(`/fundraiser/${id}`);
  await expect(page.getByRole('heading', { name: 'Recent donations (12)' })).toBeVisible();
  const items = page.getByTestId('recent-donations').getByRole('listitem');
  await expect(items).toHaveCount(10);
  await expect(items.first()).toContainText('Anonymous');
  await expect(items.first()).toContainText('ETB 1,200');
  await expect(items.nth(1)).toContainText('Donor 11');
  await expect(items.nth(1)).not.toContainText('ETB', { useInnerText: true });
  const words = page.getByTestId('conversation').getByText('ለልጆቹ መጻሕፍት');
  await expect(words).toHaveAttribute('lang', 'am');
  await page.getByRole('link', { name: 'Show more donations' }).click();
  await expect(page).toHaveURL(`/fundraiser/${id}?donationsPage=1#donations-title`);
  await expect(items).toHaveCount(2);
  await expect(items.last()).toContainText('Donor 1');
  await expect(page.getByRole('link', { name: 'Show more donations' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Newer donations' }).click();
  await expect(items).toHaveCount(10);

  await page.goto(`/am/fundraiser/${id}`);
  await expect(items.first()).toContainText('ስም አልባ');
  await expect(items.first()).toContainText('ብር');
});
