import { expect, test } from '@playwright/test';
import { createUser, type TestUser } from './accounts.ts';
import { violations } from './axe.ts';
import { startSecondServer, type SecondServer } from './session-server.ts';

/**
 * The inactivity timers follow the idle timeout the server reports, so a server with an
 * 18-second timeout (SESSION_IDLE_MINUTES=0.3) shows, in seconds rather than minutes, what
 * the default one does in half an hour: the warning 3 s before the end (5 minutes of 30),
 * the Session Expired dialog at the end, and an auth check every 3 s (5 minutes of 30).
 */
const idleSeconds = 18;

const warning = 'You will be logged out due to inactivity in 5 minutes. Click anywhere to stay logged in.';

test.describe('session timeouts', () => {
  test.describe.configure({ timeout: 120_000 });
  let server: SecondServer;
  let user: TestUser;

  test.beforeAll(async ({ playwright }) => {
    const port = Number(process.env.E2E_PORT ?? 8181) + 1;
    server = await startSecondServer(port, { SESSION_IDLE_MINUTES: String(idleSeconds / 60), SESSION_REMEMBERED_IDLE_MINUTES: String((2 * idleSeconds) / 60) });
    const request = await playwright.request.newContext({ baseURL: server.url });
    user = await createUser(request, { databaseUrl: server.databaseUrl });
    await request.dispose();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('warns before the inactivity timeout, activity keeps the session, and the timeout shows Session Expired', async ({ page }) => {
    await page.goto(`${server.url}/login?redirect=%2Fprofile`);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/profile\/?$/);
    await expect(page.getByRole('heading', { name: `${user.firstName} ${user.lastName}` })).toBeVisible();

    const banner = page.getByRole('alert').filter({ hasText: warning });
    await expect(banner).toBeVisible({ timeout: idleSeconds * 1000 });
    // "Click anywhere to stay logged in."
    await page.mouse.click(5, 300);
    await expect(banner).toBeHidden();
    await expect(page.getByRole('alertdialog')).toBeHidden();

    await expect(banner).toBeVisible({ timeout: idleSeconds * 1000 });
    expect(await violations(page)).toEqual([]);
    const dialog = page.getByRole('alertdialog', { name: 'Session Expired' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(dialog).toContainText('Your session has expired. Please login again to continue.');
    await expect(banner).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
    expect(await violations(page)).toEqual([]);
    expect((await (await page.request.get(`${server.url}/api/auth/status`)).json()).authenticated).toBe(false);
    // An automatic logout keeps remember-me, and the header shows Login again.
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  });

  test('a session ended on the server is noticed by the periodic auth check', async ({ page }) => {
    await page.goto(`${server.url}/am/login`);
    await page.getByLabel('የኢሜይል አድራሻ').fill(user.email);
    await page.getByLabel('የይለፍ ቃል', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'ይግቡ' }).click();
    await expect(page).toHaveURL(/\/am\/?$/);
    await page.goto(`${server.url}/am/reports`);
    await expect(page.getByTestId('reports-overview')).toBeVisible();

    // The session ends elsewhere (here: behind the page's back, with its own cookie).
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    await page.request.post(`${server.url}/api/auth/logout`, { headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf?.value ?? '') } });

    const dialog = page.getByRole('alertdialog', { name: 'የቆይታ ጊዜዎ አብቅቷል' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await dialog.getByRole('button', { name: 'እሺ' }).click();
    await expect(page).toHaveURL(/\/am\/login\?redirect=%2Fam%2Freports$/);
  });
});
