import { expect, test, type Page } from '@playwright/test';
import { openDatabase } from '../../db/index.ts';
import { PaymentSchema } from '../../modules/payments/index.ts';
import { createUser, signInThroughApi } from './accounts.ts';
import { createFundraiser, signInOrganiser } from './organisers.ts';

/**
 * Forms as people expect them: an error goes once its field is fixed, amounts may be typed
 * with thousands separators, the owner's Pause, Close and Delete ask in the page's own
 * dialog, the photo pickers are buttons with words on a phone, and the language switch
 * keeps the search it was clicked on.
 */

const phone = { width: 390, height: 844 };

/** Waits for the islands' scripts: before them, the forms are plain forms that post. */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}

/** The donation's amount as stored, found by the test checkout's payment reference. */
async function donationAmountMinor(pageUrl: string): Promise<number | undefined> {
  const ref = new URL(pageUrl).searchParams.get('payment') ?? '';
  const orm = await openDatabase(process.env.E2E_DATABASE_URL ?? '');
  try {
    return (await orm.em.fork().findOne(PaymentSchema, { providerRef: ref }, { populate: ['donation'] }))?.donation.amountMinor;
  } finally {
    await orm.close();
  }
}

test('a field error goes as soon as the field is fixed, and the summary with the last one', async ({ page }) => {
  await page.goto('/register');
  await hydrated(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  const summary = page.getByRole('alert').getByText('Please correct the fields marked below.');
  await expect(summary).toBeVisible();
  const first = page.getByLabel('First name');
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await first.fill('Selam');
  await expect(first).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('This field is required.')).toHaveCount(3);

  // Checked again at each change while it is wrong: the words follow what is wrong now.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('short');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
  await password.fill('Tej-buna-2026');
  await expect(password).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Use at least 8 characters.')).toHaveCount(0);

  const email = page.getByLabel('Email address');
  await email.fill('selam@');
  await expect(page.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
  await email.fill('selam@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid');
  await expect(summary).toBeVisible();
  await page.getByLabel('Last name').fill('Bekele');
  await expect(summary).toHaveCount(0);
  // A field that was fine is not told off while typed into.
  await first.fill('');
  await expect(first).not.toHaveAttribute('aria-invalid');
});

test('the donate form takes "1,000" and "2 500", and refuses "1,00" in words until it is fixed', async ({ page, request }) => {
  await signInOrganiser(request);
  const dollars = await createFundraiser(request, { title: 'Books for Adwa in dollars', currency: 'USD' });
  await page.goto(`/donate/${dollars}`);
  await hydrated(page);
  const form = page.getByTestId('donate-form');
  const amount = form.getByLabel('Amount in US dollars');
  await amount.fill('1,00');
  await form.getByLabel('E-mail address').fill('almaz@example.com');
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert')).toContainText('Please correct the following:');
  await expect(form.getByRole('link', { name: /^Amount in US dollars: Enter an amount such as 1500/ })).toBeVisible();

  await amount.fill('1,000');
  await expect(amount).not.toHaveAttribute('aria-invalid');
  await expect(form.getByRole('alert')).toBeEmpty();
  await form.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/donation\/sandbox\?payment=/);
  await expect(page.getByText('Amount: $1,000')).toBeVisible();
  expect(await donationAmountMinor(page.url())).toBe(100_000);

  // Birr, on the Amharic page, with the narrow no-break space that copied numbers carry.
  const birr = await createFundraiser(request, { title: 'Books for Adwa in birr', currency: 'ETB' });
  await page.goto(`/am/donate/${birr}`);
  await hydrated(page);
  const amharic = page.getByTestId('donate-form');
  await amharic.getByLabel('የልገሳ መጠን በኢትዮጵያ ብር').fill('2\u202F500');
  // The preset of the same amount is the one chosen.
  await expect(amharic.getByRole('group', { name: 'የልገሳውን መጠን ይምረጡ' }).getByRole('radio', { name: /2,500/ })).toBeChecked();
  await amharic.getByLabel('የኢሜይል አድራሻ').fill('almaz@example.com');
  await page.getByRole('button', { name: 'ወደ ክፍያ ይቀጥሉ' }).click();
  await page.waitForURL(/\/am\/donation\/sandbox\?payment=/);
  expect(await donationAmountMinor(page.url())).toBe(250_000);
});

test('the fundraiser form reads a grouped goal, and the photo pickers are buttons with words on a phone', async ({ page, request }) => {
  await signInThroughApi(page, await createUser(request));
  await page.setViewportSize(phone);
  await page.goto('/create-fundraiser');
  const form = page.locator('main form');
  await expect(form.getByLabel('Category').locator('option')).not.toHaveCount(1);

  // The photo picker is a button with words, the width of the form and tall enough to tap, rather than the browser's "Choose files".
  const picker = form.locator('label', { hasText: 'Add photos' });
  const box = await picker.boundingBox();
  expect(box && box.height >= 44 && box.width >= 300).toBe(true);
  await expect(form.getByLabel('Add photos')).toHaveAttribute('type', 'file');

  await form.getByLabel('Title').fill('Books for the Adwa school');
  await form.getByLabel('Your story').fill('The school library burned down; we are buying books again.');
  const goal = form.getByLabel('Goal amount');
  await goal.fill('1.000,50');
  await form.getByLabel('Category').selectOption({ index: 1 });
  await form.getByLabel('Location').selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Create fundraiser' }).click();
  await expect(goal).toBeFocused();
  await expect(form.getByText('Enter an amount such as 1500 or 1,500.50, with at most two decimal places.')).toBeVisible();
  await goal.fill('25 000');
  await expect(goal).not.toHaveAttribute('aria-invalid');
  await expect(form.getByRole('alert')).toBeEmpty();
  await form.getByRole('button', { name: 'Create fundraiser' }).click();
  await page.waitForURL(/\/fundraiser\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop();
  const saved = (await (await page.request.get(`/api/fundraisers/${id}`)).json()) as { goalAmount: string };
  expect(saved.goalAmount).toBe('25000.00');

  // The profile photo's, in Amharic: beside the photo, as wide as its words.
  await page.goto('/am/edit-profile');
  const avatarPicker = page.locator('label', { hasText: 'አዲስ ፎቶ ይምረጡ' });
  await expect(avatarPicker).toBeVisible();
  const avatarBox = await avatarPicker.boundingBox();
  expect(avatarBox && avatarBox.height >= 44 && avatarBox.width >= 150 && avatarBox.x + avatarBox.width <= phone.width).toBe(true);
  await expect(page.getByLabel('አዲስ ፎቶ ይምረጡ')).toHaveAttribute('type', 'file');
});

test('Pause asks in the page’s own dialog, in Amharic on a phone: Escape and Cancel change nothing', async ({ page, request }) => {
  await signInThroughApi(page, await createUser(request));
  const id = await createFundraiser(page.request, { title: 'ለአድዋ ትምህርት ቤት መጻሕፍት', currency: 'ETB' });
  await page.setViewportSize(phone);
  await page.goto(`/am/fundraiser/${id}`);
  const pause = page.getByTestId('owner-panel').getByRole('button', { name: 'ለጊዜው አቁም', exact: true });
  await pause.click();

  const ask = page.getByRole('alertdialog', { name: 'ይህን ማሰባሰቢያ ለጊዜው ያቆማሉ?' });
  await expect(ask).toBeVisible();
  await expect(ask).toHaveAccessibleDescription(/እንደገና እስኪቀጥሉት ድረስ ልገሳ አይቀበልም/);
  // Modal: the page behind cannot be reached, and the choice that changes nothing has focus.
  expect(await ask.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
  await expect(ask.getByRole('button', { name: 'ይቅር' })).toBeFocused();
  const box = await ask.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= phone.width).toBe(true);

  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(pause).toBeFocused();
  await pause.click();
  await ask.getByRole('button', { name: 'ይቅር' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('fundraiser-status')).toHaveCount(0);

  await pause.click();
  await ask.getByRole('button', { name: 'ማሰባሰቢያውን ለጊዜው አቁም' }).click();
  await expect(page.getByTestId('fundraiser-status')).toContainText('ለጊዜው ቆሟል');
});

test('switching language keeps the search and filters of /discover, and the query of a prebuilt page', async ({ page }) => {
  await page.goto('/discover?query=water&sort=newest');
  const toAmharic = page.getByRole('link', { name: 'አማርኛ' });
  await expect(toAmharic).toHaveAttribute('href', '/am/discover?query=water&sort=newest');
  await toAmharic.click();
  await expect(page).toHaveURL(/\/am\/discover\?query=water&sort=newest$/);
  await expect(page.getByRole('searchbox', { name: 'ፈልግ' })).toHaveValue('water');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/discover\?query=water&sort=newest$/);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('water');

  // A prebuilt page is the same for every query: the browser adds it to the link.
  await page.goto('/login?redirect=%2Fprofile');
  await expect(page.getByRole('link', { name: 'አማርኛ' })).toHaveAttribute('href', '/am/login?redirect=%2Fprofile');
});
