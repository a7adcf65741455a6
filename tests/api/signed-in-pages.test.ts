import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { UserSchema } from '../../modules/accounts/index.ts';
import { FundraiserSchema, fundraiserKeys } from '../../modules/fundraisers/index.ts';
import { fakeUser, signIn, type FakeUser } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import { buildOfTheseSources, cookieOf, fundraiserReads, page, statementsDuring } from '../helpers/site-pages.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** Who the words of support were rendered for: the `viewer` prop of their island, as Astro writes it into the page. */
function conversationViewer(html: string): number | null {
  const props = /<astro-island[^>]*component-url="[^"]*Conversation[^"]*"[^>]*props="([^"]*)"/.exec(html)?.[1];
  assert.ok(props, 'the words of support are on the page');
  // Astro writes each prop as [type, value].
  const decoded = JSON.parse(props.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { viewer: [number, { id: [number, number] } | null] };
  return decoded.viewer[1]?.id[1] ?? null;
}

const ownerPanel = /id="owner-panel"/;

describe('fundraiser pages for signed-in visitors', () => {
  let app: TestApp;
  let organiser: FakeUser;
  let id: number;
  let path: string;
  let asOrganiser: string;
  let asSupporter: string;
  let supporterId: number;

  before(async () => {
    app = await startTestApp({ SITE_RENDERS: '2' });
    app.site.current = await buildOfTheseSources(app);
    organiser = await fakeUser(app.orm, { firstName: 'Tigist', lastName: 'Haile' });
    id = (await fakeFundraiser(app.orm, organiser.user, { title: 'Viewer marker 2f7a: a well in Adwa' })).id;
    path = `/fundraiser/${id}`;
    const organiserClient = app.client();
    await signIn(organiserClient, organiser);
    asOrganiser = cookieOf(organiserClient);
    const supporter = await fakeUser(app.orm, { firstName: 'Kebede', lastName: 'Alemu' });
    supporterId = supporter.user.id;
    const supporterClient = app.client();
    await signIn(supporterClient, supporter);
    asSupporter = cookieOf(supporterClient);
  });
  after(() => app.close());

  it('makes a signed-in visitor’s page once for a burst of their requests, and keeps it until the fundraiser changes', async () => {
    app.feed.bump([fundraiserKeys.one(id)]);
    let answers: { status: number; html: string }[] = [];
    const burst = await statementsDuring(app.orm, async () => {
      answers = await Promise.all(Array.from({ length: 20 }, () => page(app.url + path, { Cookie: asOrganiser }).then(async (r) => ({ status: r.status, html: await r.text() }))));
    });
    assert.deepEqual([...new Set(answers.map((a) => a.status))], [200]);
    assert.ok(answers.every((a) => ownerPanel.test(a.html) && conversationViewer(a.html) === organiser.user.id), 'every answer is the organiser’s own page');
    assert.equal(fundraiserReads(burst), 1, 'one page made for 20 requests');

    const again = await statementsDuring(app.orm, () => page(app.url + path, { Cookie: asOrganiser }).then((r) => r.text()));
    assert.equal(fundraiserReads(again), 0, 'kept for their next request');

    const em = app.orm.em.fork();
    const f = await em.findOneOrFail(FundraiserSchema, { id });
    f.title = 'Viewer marker 8d31: a well in Adwa, with a pump';
    await em.flush();
    const edited = await (await page(app.url + path, { Cookie: asOrganiser })).text();
    assert.match(edited, /Viewer marker 8d31/, 'the edit at the very next request');
    assert.match(edited, ownerPanel);
  });

  it('gives each signed-in visitor their own parts and never another’s, and visitors without a session nobody’s', async () => {
    app.feed.bump([fundraiserKeys.one(id)]);
    const organisers = await (await page(app.url + path, { Cookie: asOrganiser })).text();
    assert.match(organisers, ownerPanel);
    assert.equal(conversationViewer(organisers), organiser.user.id);

    const supporters = await (await page(app.url + path, { Cookie: asSupporter })).text();
    assert.doesNotMatch(supporters, ownerPanel, 'not the organiser’s kept page');
    assert.equal(conversationViewer(supporters), supporterId);

    const anonymous = await (await page(app.url + path)).text();
    assert.doesNotMatch(anonymous, ownerPanel);
    assert.equal(conversationViewer(anonymous), null);

    // Each from their own kept copy now, still their own.
    const kept = await statementsDuring(app.orm, async () => {
      for (const [cookie, viewer, panel] of [
        [asOrganiser, organiser.user.id, true],
        [asSupporter, supporterId, false],
        [undefined, null, false],
      ] as const) {
        const html = await (await page(app.url + path, cookie ? { Cookie: cookie } : {})).text();
        assert.equal(ownerPanel.test(html), panel);
        assert.equal(conversationViewer(html), viewer);
      }
    });
    assert.equal(fundraiserReads(kept), 0, 'all three were kept copies');
  });
  it('shows the organiser’s controls to a visitor the moment they are made an admin, and takes them away as soon', async () => {
    const admin = await fakeUser(app.orm);
    const client = app.client();
    await signIn(client, admin);
    const asThem = cookieOf(client);
    assert.doesNotMatch(await (await page(app.url + path, { Cookie: asThem })).text(), ownerPanel);
    await app.orm.em.fork().nativeUpdate(UserSchema, { id: admin.user.id }, { admin: true });
    assert.match(await (await page(app.url + path, { Cookie: asThem })).text(), ownerPanel, 'not their page kept from before');
    await app.orm.em.fork().nativeUpdate(UserSchema, { id: admin.user.id }, { admin: false });
    assert.doesNotMatch(await (await page(app.url + path, { Cookie: asThem })).text(), ownerPanel);
  });
});
