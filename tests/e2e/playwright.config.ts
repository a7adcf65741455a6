import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { unlimitedDonations } from '../helpers/unlimited-donations.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
// Each run gets an empty database, so demo data and every flow start from the same state.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'e2e-'));
process.env.E2E_DATA_DIR = dataDir;
export const databaseUrl = `sqlite:${join(dataDir, 'e2e.db')}`;
process.env.E2E_DATABASE_URL = databaseUrl;
// Builds outside the working copy, kept between runs: a run whose sources and data match the last one's starts at once. Servers started by tests inherit it.
process.env.SITE_DIR ??= join(tmpdir(), 'fundraise-e2e-site');

/**
 * Specs that change nothing another spec looks at: pages scanned and weighed, forms filled
 * in, accounts and fundraisers of their own. The others suspend, count or rebuild what the
 * whole site shows.
 */
const readOnlySpecs = ['accessibility', 'contact', 'first-paint', 'first-screen', 'fonts', 'forms', 'marketing', 'page-weight', 'profile-photo'].map((name) => `**/${name}.e2e.ts`);
/** On a server of its own, and mostly waiting for its short timeouts to pass: best started first, beside the serial specs. */
const ownServerSpecs = ['**/session-timeout.e2e.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  // Waits for the server to serve pages built from the current sources before any test.
  globalSetup: './global-setup.ts',
  // Two at a time on two cores: the specs that only read (or add what nobody else counts) run
  // beside the rest, which run one after another since they change what others see.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  outputDir: join(import.meta.dirname, '../../test-results'),
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    // The serial project first, so that it starts at once on one worker while the other takes the session timeouts, then the reads.
    { name: 'changes', testIgnore: [...readOnlySpecs, ...ownServerSpecs], workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'own-server', testMatch: ownServerSpecs, workers: 1, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'reads', testMatch: readOnlySpecs, fullyParallel: true, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node scripts/start.ts',
    cwd: join(import.meta.dirname, '../..'),
    url: `http://localhost:${port}/api/categories`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      // No PUBLIC_URL: links must name the address the server listens on by default (first-visit.e2e.ts).
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MEDIA_DIR: join(dataDir, 'media'),
      CONTACT_EMAIL: 'support@e2e.test',
      // Every browser here comes from one loopback address.
      ...unlimitedDonations,
      LOG_LEVEL: 'warn',
      // No rebuild in the background, which would take a core from the browser every few
      // seconds: a test that needs the pre-rendered pages to show its data asks for one (site.ts).
      SITE_REBUILD_CRON: 'off',
      SITE_REBUILD_ON_CHANGE: 'false',
      // Accounts made through the API come from addresses of their own (tests/e2e/accounts.ts),
      // so the suite's many sign-ups do not exhaust the per-address limit that real visitors have.
      TRUST_PROXY: 'true',
    },
  },
});
