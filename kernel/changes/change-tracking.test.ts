import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MikroORM } from '@mikro-orm/core';
import { FundraiserSchema } from '../../modules/fundraisers/index.ts';
import { fakeUser } from '../../tests/helpers/accounts.ts';
import { fakeFundraiser } from '../../tests/helpers/fundraisers.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { seedReference } from '../../db/index.ts';
import { createChangeFeed, seenVersions } from './change-feed.ts';
import { noteChanges, trackChanges } from './change-tracking.ts';

describe('the change feed', () => {
  it('tells a reader whether anything it read has changed since', () => {
    const feed = createChangeFeed();
    const seen = seenVersions(feed);
    seen.see('fundraiser:1');
    seen.see('people');
    feed.bump(['fundraiser:2']);
    assert.equal(seen.stillCurrent(), true, 'a key it did not read');
    feed.bump(['fundraiser:1']);
    assert.equal(seen.stillCurrent(), false);
    seen.see('fundraiser:1');
    assert.equal(seen.keys.get('fundraiser:1'), 0, 'a key is noted once, before its first read');
  });
});

describe('changes made through the database', () => {
  let database: TestDatabase;
  let orm: MikroORM;
  const feed = createChangeFeed();
  let id: number;
  before(async () => {
    database = await createTestDatabase();
    orm = database.orm;
    await seedReference(orm.em.fork());
    trackChanges(orm, feed, { Fundraiser: (f) => [`fundraiser:${String(f.id)}`] });
    id = (await fakeFundraiser(orm, (await fakeUser(orm)).user)).id;
  });
  after(() => database.drop());

  it('refuses a note outside a transaction, which could not wait for the commit of what it notes', async () => {
    await assert.rejects(noteChanges(orm.em.fork(), ['k:plain']), /inside the transaction/);
    assert.equal(feed.version('k:plain'), 0);
  });

  it('raises keys noted in a transaction, or one of its savepoints, only when the outermost commits', async () => {
    await orm.em.fork().transactional(async (tx) => {
      await noteChanges(tx, ['k:outer']);
      await tx.transactional(async (inner) => {
        await noteChanges(inner, ['k:inner']);
      });
      assert.equal(feed.version('k:outer'), 0, 'not before the commit');
      assert.equal(feed.version('k:inner'), 0, 'the savepoint released is not the commit');
    });
    assert.equal(feed.version('k:outer'), 1);
    assert.equal(feed.version('k:inner'), 1);
  });

  it('raises nothing for a transaction rolled back', async () => {
    await assert.rejects(
      orm.em.fork().transactional(async (tx) => {
        await noteChanges(tx, ['k:undone']);
        throw new Error('undone');
      }),
      /undone/,
    );
    assert.equal(feed.version('k:undone'), 0);
    // Nor does a later commit on the same connection carry it.
    await orm.em.fork().transactional(async (tx) => noteChanges(tx, ['k:later']));
    assert.equal(feed.version('k:undone'), 0);
    assert.equal(feed.version('k:later'), 1);
  });

  it('refuses a second feed for the same database, whose caches would never hear of its changes', () => {
    assert.throws(() => trackChanges(orm, createChangeFeed(), {}), /another feed/);
    assert.doesNotThrow(() => trackChanges(orm, feed, {}));
  });

  it('raises the keys of a watched entity when its flush commits, and not for others', async () => {
    const key = `fundraiser:${id}`;
    const before = feed.version(key);
    const em = orm.em.fork();
    const f = await em.findOneOrFail(FundraiserSchema, { id });
    f.title = 'A new title for the feed';
    await em.flush();
    assert.equal(feed.version(key), before + 1);
    await orm.em.fork().transactional(async (tx) => {
      const again = await tx.findOneOrFail(FundraiserSchema, { id });
      again.title = 'Another title, inside a transaction';
      await tx.flush();
      assert.equal(feed.version(key), before + 1, 'flushed but not committed');
    });
    assert.equal(feed.version(key), before + 2);
  });
});
