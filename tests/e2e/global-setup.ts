import type { FullConfig } from '@playwright/test';
import { activeFundraiserId } from '../../scripts/bench-weight.ts';
import { waitForCurrentSite } from './site.ts';

/** Every test runs against pages built from the current sources (see waitForCurrentSite). */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const databaseUrl = process.env.E2E_DATABASE_URL;
  if (!baseURL || !databaseUrl) throw new Error('baseURL and E2E_DATABASE_URL are set by playwright.config.ts');
  await waitForCurrentSite(baseURL, databaseUrl);
  // The fundraiser `npm run bench:weight` weighs on fresh demo data, chosen before the tests
  // add theirs; the workers inherit the environment.
  process.env.E2E_WEIGHED_FUNDRAISER = String(await activeFundraiserId(baseURL));
}
