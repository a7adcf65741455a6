import { expect, type APIRequestContext } from '@playwright/test';
import { createUser, xsrfHeader, type TestUser } from './accounts.ts';

/** Signs `request` in as a new organiser, whose browser context it is; pages opened elsewhere stay visitors. */
export async function signInOrganiser(request: APIRequestContext): Promise<TestUser> {
  const owner = await createUser(request);
  const login = await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password }, headers: await xsrfHeader(request) });
  expect(login.ok()).toBe(true);
  return owner;
}

/** A fundraiser made through the API by whoever `request` is signed in as. */
export async function createFundraiser(
  request: APIRequestContext,
  data: { title: string; currency: 'USD' | 'ETB'; goalAmount?: string; description?: string },
): Promise<number> {
  const categories = (await (await request.get('/api/categories')).json()) as { id: number }[];
  const locations = (await (await request.get('/api/locations')).json()) as { id: number }[];
  const created = await request.post('/api/fundraisers', {
    headers: await xsrfHeader(request),
    data: { goalAmount: '5000', description: 'School books for the children of Adwa.', ...data, categoryId: categories[0]?.id, locationId: locations[0]?.id },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/**
 * A donation paid in full through the sandbox checkout's API, as the pages would make it,
 * by whoever `request` is (signed in or not).
 */
export async function give(
  request: APIRequestContext,
  gift: { fundraiserId: number; amount: string; donorName: string; message?: string; showAmount?: boolean; channel?: string; mayContact?: boolean },
): Promise<void> {
  const donation = await request.post('/api/donations?captchaToken=', { headers: await xsrfHeader(request), data: { donorEmail: 'giver@example.com', ...gift } });
  expect(donation.status()).toBe(201);
  // Giving binds this browser (a session), and a new session brings a new anti-forgery token.
  const bound = await xsrfHeader(request);
  const payment = await request.post('/api/payments?captchaToken=', { headers: bound, data: { donationId: ((await donation.json()) as { id: number }).id, paymentMethod: 'STRIPE' } });
  const ref = ((await payment.json()) as { paymentIntentId: string }).paymentIntentId;
  expect((await request.post(`/api/sandbox/payments/${ref}/complete`, { headers: bound, data: { outcome: 'succeeded' } })).status()).toBe(204);
  expect((await request.post(`/api/confirm-payment?paymentIntentId=${ref}&captchaToken=`, { headers: bound })).ok()).toBe(true);
}
