import { expect, test, type Page } from '@playwright/test';
import { createUser, linkFromMail, makeAdmin, newUser, signInThroughApi } from './accounts.ts';

/** The header's user menu (desktop width): its toggle is named after the signed-in user. */
const userMenu = (page: Page, firstName: string) => page.getByRole('button', { name: `Account menu: ${firstName}` });

test.describe('accounts', () => {
  test('sign up, confirm the e-mail from the link, sign in, edit the profile, sign out', async ({ page }) => {
    const user = newUser({ firstName: 'Selam', lastName: 'Bekele' });
    await page.goto('/register');
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Email address').fill(user.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(user.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    await expect(page.locator(':focus'), 'focus moves to the news').toContainText('Check your e-mail');
    await expect(page.getByText(`We sent a link to ${user.email}.`)).toBeVisible();

    // Signing in before confirming: told so, with a way to have the e-mail sent again.
    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').getByText(/Please confirm your e-mail address first/)).toBeVisible();
    const first = await linkFromMail(user.email, '/verify-email');
    await page.getByRole('button', { name: 'Resend verification e-mail' }).click();
    await expect(page.getByText(/a new link is on its way/)).toBeVisible();
    const link = await linkFromMail(user.email, '/verify-email', { after: first.id });

    await page.goto(link.path);
    await expect(page.getByRole('heading', { name: 'Your e-mail address is confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Log in now' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);

    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page, 'Selam')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'Login' })).toBeHidden();

    // The user menu: a keyboard-operable disclosure.
    await userMenu(page, 'Selam').focus();
    await page.keyboard.press('Enter');
    await expect(userMenu(page, 'Selam')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(userMenu(page, 'Selam')).toHaveAttribute('aria-expanded', 'false');
    await expect(userMenu(page, 'Selam')).toBeFocused();
    await userMenu(page, 'Selam').click();
    await page.getByRole('link', { name: 'Account Settings' }).click();

    await expect(page).toHaveURL(/\/edit-profile\/?$/);
    await expect(page.getByLabel('First name')).toHaveValue('Selam');
    await page.getByLabel('Phone number (optional)').fill('not a phone');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Phone number (optional)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Phone number (optional)')).toBeFocused();
    await page.getByLabel('Phone number (optional)').fill('+251 91 123 4567');
    await page.getByLabel('City (optional)').selectOption({ label: 'Hawassa' });
    await page.getByLabel('About you (optional)').fill('Nurse in Hawassa, raising money for the maternity ward.');
    await page.getByLabel('Language of our e-mails to you').selectOption('am');
    await expect(page.getByLabel('E-mail me about new comments')).toBeChecked();
    await page.getByLabel('E-mail me about new comments').uncheck();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').getByText('Your changes are saved.')).toBeVisible();
    const saved = await (await page.request.get('/api/auth/status')).json();
    expect(saved.user).toMatchObject({ language: 'am', commentEmails: false });
    await page.reload();
    await expect(page.getByLabel('E-mail me about new comments')).not.toBeChecked();

    await page.getByRole('link', { name: 'Back to my profile' }).click();
    await expect(page).toHaveURL(/\/profile\/?$/);
    await expect(page.getByRole('heading', { name: 'Selam Bekele' })).toBeVisible();
    await expect(page.getByText('+251 91 123 4567')).toBeVisible();
    await expect(page.getByText('Hawassa', { exact: true })).toBeVisible();
    await expect(page.getByText('Amharic', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'My Fundraisers' })).toBeVisible();

    await userMenu(page, 'Selam').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).first().getByRole('link', { name: 'Login' })).toBeVisible();
    const status = await page.request.get('/api/auth/status');
    expect((await status.json()).authenticated).toBe(false);
    expect(await page.evaluate(() => [localStorage.getItem('signedIn'), localStorage.getItem('rememberMe')])).toEqual([null, null]);
  });

  test('field errors appear next to their fields, in the page’s language', async ({ page, request }) => {
    const taken = await createUser(request);
    await page.goto('/am/register');
    await page.getByRole('button', { name: 'መለያ ይፍጠሩ' }).click();
    await expect(page.getByLabel('ስም', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('ስም', { exact: true })).toBeFocused();

    await page.getByLabel('ስም', { exact: true }).fill('ሰላም');
    await page.getByLabel('የአባት ስም').fill('በቀለ');
    await page.getByLabel('የኢሜይል አድራሻ').fill(taken.email);
    await page.getByLabel('የይለፍ ቃል', { exact: true }).fill('Tej-buna-2026-x');
    await page.getByRole('button', { name: 'መለያ ይፍጠሩ' }).click();
    // A taken address is answered exactly as a new one (no account enumeration): its owner gets an e-mail instead.
    await expect(page.getByText(taken.email).first()).toBeVisible();
    await expect(page.getByLabel('የኢሜይል አድራሻ')).toHaveCount(0);

    await page.goto('/login');
    await page.getByLabel('Email address').fill(taken.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').getByText('The e-mail address or password is incorrect.')).toBeVisible();
  });

  test('a guarded page sends the visitor to log in, and back there afterwards', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/edit-profile');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fedit-profile/);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Remember me on this device').check();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/edit-profile\/?$/);
    await expect(page.getByLabel('First name')).toHaveValue(user.firstName);
    expect(await page.evaluate(() => localStorage.getItem('rememberMe'))).toBe('1');
    const status = await (await page.request.get('/api/auth/status')).json();
    expect(status.session).toMatchObject({ rememberMe: true, idleTimeoutMinutes: 60 });

    // Not an admin: the admin area sends them home, replacing the history entry.
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Amharic: the guard keeps the language, and only same-site redirects are followed', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/am/profile');
    await expect(page).toHaveURL(/\/am\/login\?redirect=%2Fam%2Fprofile/);

    await page.goto('/am/login?redirect=https://evil.example/steal');
    await page.getByLabel('የኢሜይል አድራሻ').fill(user.email);
    await page.getByLabel('የይለፍ ቃል', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'ይግቡ' }).click();
    await expect(page).toHaveURL(/\/am\/?$/);
    await expect(page.getByRole('button', { name: `የመለያ ማውጫ: ${user.firstName}` })).toBeVisible();
  });

  test('an admin sees the admin links and the admin dashboard', async ({ page, request }) => {
    const user = await createUser(request);
    await makeAdmin(user.email);
    await signInThroughApi(page, user);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByTestId('admin-dashboard')).toBeVisible();
    await userMenu(page, user.firstName).click();
    await expect(page.getByRole('link', { name: 'Admin Reports' })).toBeVisible();
    await page.getByRole('link', { name: 'Admin Reports' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Reports', level: 1 })).toBeVisible();
  });

  test('password reset, end to end', async ({ page, request }) => {
    const user = await createUser(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/reset-password\/?$/);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(`If an account exists for ${user.email}, we sent it a link`)).toBeVisible();

    const link = await linkFromMail(user.email, '/reset-password');
    await page.goto(link.path);
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByText(`For the account ${user.email}.`)).toBeVisible();
    const newPassword = `${user.password}-new`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password again').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByLabel('New password again')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await page.getByLabel('New password again').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();
    await expect(page.locator(':focus'), 'focus moves to the news').toContainText('Your password has been changed');

    // The link works once only.
    await page.goto(link.path);
    await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByText(/already been used/)).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('The e-mail address or password is incorrect.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(userMenu(page, user.firstName)).toBeVisible();
  });

  test('a broken verification link offers a new one', async ({ page }) => {
    await page.goto('/verify-email?token=not-a-real-token');
    await expect(page.getByText('This confirmation link is not valid. Please ask for a new one.')).toBeVisible();
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email address').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByText(/nobody@example.com still needs confirming/)).toBeVisible();
  });
});
