import { expect, test } from '@playwright/test';
import { createConnection } from 'mysql2/promise';
import { migrate, openDatabase, seedReference } from '../../db/index.ts';
import { fakeUser } from '../helpers/accounts.ts';
import { startInstance, type Instance } from '../helpers/app-instance.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { TestClient } from '../helpers/http-client.ts';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3.ts';

/** The MariaDB server CI runs beside the browser tests; without one there is nothing to share. */
const mysqlServer = process.env.E2E_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const name = `fundraise_e2e_instances_${process.pid}`;

let a: Instance;
let b: Instance;
let s3: LocalS3;
let fundraiserId: number;
let reachable = true;

test.beforeAll(async () => {
  const admin = await createConnection(mysqlServer).catch(() => null);
  if (!admin) {
    reachable = false;
    return;
  }
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_unicode_ci`);
  await admin.end();
  const databaseUrl = `${mysqlServer}/${name}`;
  const orm = await openDatabase(databaseUrl);
  try {
    await migrate(orm);
    await seedReference(orm.em.fork());
    const organiser = await fakeUser(orm);
    fundraiserId = (await fakeFundraiser(orm, organiser.user, { title: 'Water tank for Dila school', goalMinor: 500_000 })).id;
  } finally {
    await orm.close();
  }
  s3 = await startLocalS3('e2e-instances');
  const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: 'one-secret-shared-by-every-instance-of-the-app', INSTANCE_SITE: 'current', ...s3.env };
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
});

test.afterAll(async () => {
  if (!reachable) return;
  await Promise.all([a?.stop(), b?.stop()]);
  await s3?.close();
  const admin = await createConnection(mysqlServer);
  await admin.query(`drop database if exists \`${name}\``);
  await admin.end();
});

test('a gift made through one instance shows on the fundraiser page the other serves, at the next visit', async ({ page }) => {
  test.skip(!reachable, 'no MySQL server to share');
  await page.goto(`${b.url}/fundraiser/${fundraiserId}`);
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('$0');
  // Kept by b for visitors from now on, until a change it hears of.
  await page.reload();
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('$0');

  const donor = new TestClient(a.url);
  const donation = await donor.post('/api/donations', { fundraiserId, amount: '35.00', donorName: 'Selam', donorEmail: 'selam@example.com' });
  expect(donation.status).toBe(201);
  const ref = (await donor.post('/api/payments', { donationId: donation.data.id, paymentMethod: 'STRIPE' })).data.paymentIntentId as string;
  await donor.post(`/api/sandbox/payments/${ref}/complete`, { outcome: 'succeeded' });
  expect((await donor.post(`/api/confirm-payment?paymentIntentId=${ref}`)).data.status).toBe('SUCCEEDED');

  await page.reload();
  await expect(page.getByTestId('fundraiser-raised')).toHaveText('$35', { timeout: 1000 });
});
