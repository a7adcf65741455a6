import { expect, test } from '@playwright/test';
import { reportWeights, weighPages } from '../../scripts/bench-weight.ts';

/**
 * The page-weight budgets (npm run bench:weight) on this suite's server, which serves the
 * demo data from a production build as `npm start` does: CI weighs them here rather than
 * building and starting the app a second time. The fundraiser weighed is the one the bench
 * weighs, chosen before the tests added theirs.
 */
test('the pages a first-time visitor meets stay within their budgets, in English and Amharic', async ({ baseURL }) => {
  const fundraiserId = Number(process.env.E2E_WEIGHED_FUNDRAISER);
  expect(fundraiserId, 'chosen in global-setup.ts').toBeGreaterThan(0);
  expect(reportWeights(await weighPages(baseURL!, fundraiserId))).toEqual([]);
});
