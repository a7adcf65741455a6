import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MikroORM } from '@mikro-orm/core';
import { createLogger } from '../../api/logger.ts';
import { dialectOf, openDatabase, seedReference } from '../../db/index.ts';
import { FundraiserSchema } from '../../modules/fundraisers/index.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { createChangeFeed, seenVersions, type ChangeOrigin } from './change-feed.ts';
import { noteChanges, trackChanges } from './change-tracking.ts';
import { shareChanges } from './shared-changes.ts';

const logger = createLogger('silent');

describe('changes shared between two instances on one database', () => {
  let database: TestDatabase;
  /** Two instances: each its own connection pool, change feed and poller, nothing shared but the database. */
  let here: { orm: MikroORM; feed: ReturnType<typeof createChangeFeed>; stop(): void };
  let there: { orm: MikroORM; feed: ReturnType<typeof createChangeFeed>; stop(): void; heard: { keys: readonly string[]; origin: ChangeOrigin }[] };
  let id: number;

  before(async () => {
    database = await createTestDatabase();
    await seedReference(database.orm.em.fork());
    const watchers = { Fundraiser: (f: Record<string, unknown>) => [`fundraiser:${String(f.id)}`, 'fundraisers'] };
    const dialect = dialectOf(database.url);
    const hereFeed = createChangeFeed();
    trackChanges(database.orm, hereFeed, watchers);
    here = { orm: database.orm, feed: hereFeed, ...shareChanges(database.orm, hereFeed, { dialect, logger }) };
    const thereOrm = await openDatabase(database.url);
    const thereFeed = createChangeFeed();
    trackChanges(thereOrm, thereFeed, watchers);
    const heard: { keys: readonly string[]; origin: ChangeOrigin }[] = [];
    thereFeed.listen((keys, origin) => heard.push({ keys, origin }));
    there = { orm: thereOrm, feed: thereFeed, heard, ...shareChanges(thereOrm, thereFeed, { dialect, logger }) };
    id = (await fakeFundraiser(here.orm, (await fakeUser(here.orm)).user)).id;
    await there.feed.sync();
  });
  after(async () => {
    here.stop();
    there.stop();
    await there.orm.close();
    await database.drop();
  });

  it("makes a change committed on one instance stale on the other at the other's next sync", async () => {
    const key = `fundraiser:${id}`;
    const copy = seenVersions(there.feed);
    copy.see(key);
    const hereBefore = here.feed.version(key);
    await here.orm.em.fork().transactional(async (tx) => {
      const f = await tx.findOneOrFail(FundraiserSchema, { id });
      f.title = 'Changed on the first instance';
    });
    assert.equal(here.feed.version(key), hereBefore + 1, 'at once where it was made');
    assert.equal(copy.stillCurrent(), true, 'the other has not asked yet');
    there.heard.length = 0;
    await there.feed.sync();
    assert.equal(copy.stillCurrent(), false, 'stale on the other once it has asked');
    assert.deepEqual(there.heard.map((h) => [...h.keys].sort()), [['fundraiser:' + id, 'fundraisers'].sort()]);
    assert.equal(there.heard[0]!.origin, 'elsewhere');
    await there.feed.sync();
    assert.equal(there.heard.length, 1, 'heard once');
  });

  it('carries nothing of a transaction rolled back, and a change flushed outside one', async () => {
    there.heard.length = 0;
    await assert.rejects(
      here.orm.em.fork().transactional(async (tx) => {
        await noteChanges(tx, ['k:undone']);
        throw new Error('undone');
      }),
      /undone/,
    );
    const em = here.orm.em.fork();
    (await em.findOneOrFail(FundraiserSchema, { id })).title = 'Flushed outside a transaction';
    await em.flush();
    await there.feed.sync();
    assert.deepEqual(there.heard.flatMap((h) => h.keys).sort(), [`fundraiser:${id}`, 'fundraisers'].sort());
  });

  it('answers every one of many concurrent syncs only after a poll that began after it, and hears each change once', async () => {
    there.heard.length = 0;
    const syncs: Promise<boolean>[] = [];
    for (let i = 0; i < 20; i += 1) {
      await here.orm.em.fork().transactional((tx) => noteChanges(tx, [`k:burst-${i}`]));
      syncs.push(there.feed.sync());
    }
    assert.ok((await Promise.all(syncs)).every(Boolean), 'every sync heard in time');
    const keys = there.heard.flatMap((h) => h.keys);
    assert.equal(new Set(keys).size, keys.length, 'no key twice');
    for (let i = 0; i < 20; i += 1) assert.ok(keys.includes(`k:burst-${i}`), `k:burst-${i} heard by the sync that followed it`);
  });

  it('lets two instances raise the same keys at once without a deadlock or a lost change', async () => {
    there.heard.length = 0;
    const raise = (orm: MikroORM, keys: string[]) => orm.em.fork().transactional(async (tx) => noteChanges(tx, keys));
    const raises = Array.from({ length: 20 }, (_, i) => () => (i % 2 ? raise(here.orm, ['k:a', 'k:b']) : raise(there.orm, ['k:b', 'k:a'])));
    // SQLite's client waits for a lock on the thread that would release it, so two pools in one
    // process take turns there; two processes, like two MySQL clients, really race.
    if (dialectOf(database.url) === 'mysql') await Promise.all(raises.map((go) => go()));
    else for (const go of raises) await go();
    const [row] = await here.orm.em.getConnection().execute<{ version: number | string }[]>("select `version` from `change_version` where `key` = 'k:a'");
    assert.equal(Number(row!.version), 20, 'every raise counted');
  });
});
