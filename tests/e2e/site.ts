import { request } from '@playwright/test';
import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildSourceHash, exportSnapshot } from '../../api/site/index.ts';
import { readBuildInfo, siteFolder } from '../../api/site/site-build.ts';
import { snapshotHash } from '../../api/site/snapshot.ts';
import { openDatabase } from '../../db/index.ts';
import { mediaLinks, mediaStorage } from '../../modules/media/index.ts';
import { createUser, makeAdmin, xsrfHeader, type TestUser } from './accounts.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the server at `baseURL` serves a site built from the current sources and
 * its database's data. A server started on a stale build serves that build while it
 * rebuilds in the background; tests must not run against the old pages meanwhile, and a
 * second server must not start a second build of the same folder.
 */
export async function waitForCurrentSite(baseURL: string, databaseUrl: string, timeoutMs = 300_000): Promise<void> {
  // The servers inherit this environment, so the settings that shape pages come from it too.
  const setting = (name: string) => process.env[name]?.trim() || undefined;
  const expectedSource = buildSourceHash({
    PUBLIC_URL: baseURL,
    ANALYTICS_ID: setting('ANALYTICS_ID'),
    RECAPTCHA_SITE_KEY: setting('RECAPTCHA_SITE_KEY'),
    GOOGLE_CLIENT_ID: setting('GOOGLE_CLIENT_ID'),
  });
  const orm = await openDatabase(databaseUrl);
  let expectedData: string;
  try {
    // The suite's server keeps images in a local folder (playwright.config.ts): whichever it is, the server serves them itself.
    const links = mediaLinks(mediaStorage({ store: 'local', dir: 'media' }).publicBase);
    expectedData = snapshotHash(await exportSnapshot(orm.em.fork(), links));
  } finally {
    await orm.close();
  }
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    // Any build of these sources and data, not only the one `current` points at: another
    // server on the same folder may have switched that to a build of its own since.
    const { builds } = siteFolder(process.env.SITE_DIR);
    const dirs = existsSync(builds) ? readdirSync(builds).map((id) => join(builds, id)) : [];
    for (const dir of dirs) {
      const info = readBuildInfo(dir);
      if (info?.sourceHash !== expectedSource || info.snapshotHash !== expectedData) continue;
      // Built; served once the server has loaded it too. Another server may be removing it.
      const built = await readFile(join(dir, 'client', 'login', 'index.html'), 'utf8').catch(() => null);
      if (built === null) continue;
      const served = await fetch(`${baseURL}/login`).then((response) => response.text(), () => '');
      if (served === built) return;
    }
    await sleep(500);
  }
  throw new Error(`the server at ${baseURL} did not serve a current site build within ${timeoutMs / 1000} s`);
}

let operator: Promise<TestUser> | undefined;

/**
 * Rebuilds the pre-rendered pages from the data as it is now, as an admin asks on the site
 * screen, and answers once they are served: the suite's server rebuilds nothing by itself.
 */
export async function rebuildSite(baseURL: string): Promise<void> {
  const context = await request.newContext({ baseURL });
  try {
    operator ??= createUser(context).then(async (user) => {
      await makeAdmin(user.email);
      return user;
    });
    const admin = await operator;
    const signedIn = await context.post('/api/auth/login', { data: { email: admin.email, password: admin.password }, headers: await xsrfHeader(context) });
    if (!signedIn.ok()) throw new Error(`the admin could not sign in: ${signedIn.status()} ${await signedIn.text()}`);
    const rebuilt = await context.post('/api/admin/site/rebuild', { headers: await xsrfHeader(context), timeout: 120_000 });
    if (!rebuilt.ok()) throw new Error(`the site was not rebuilt: ${rebuilt.status()} ${await rebuilt.text()}`);
  } finally {
    await context.dispose();
  }
}
