import type { EntityManager, EventSubscriber, FlushEventArgs, MikroORM, TransactionEventArgs } from '@mikro-orm/core';
import type { ChangeFeed } from './change-feed.ts';

/**
 * What a change to one entity makes stale: the keys to raise, given the entity (after the
 * change, or as it was for a deletion), the names of the properties that changed (all of
 * them for a creation or a deletion), and which of the three it was.
 */
export type ChangeKeys = (entity: Record<string, unknown>, changed: readonly string[], kind: 'create' | 'update' | 'delete') => readonly string[];

/** By entity name (the schema's `name`). */
export type ChangeWatchers = Readonly<Record<string, ChangeKeys>>;

/**
 * Keys noted inside a transaction wait for its outermost commit. A transaction and its
 * savepoints share one database connection (and a connection serves one transaction at a
 * time), so the pending keys are kept by connection.
 */
type Connection = object;
const pendingByConnection = new WeakMap<Connection, Set<string>>();
/** Between the outermost commit's start and its end. */
const committing = new WeakMap<object, Set<string>>();
const tracked = new WeakMap<MikroORM, ChangeFeed>();

interface OpenTransaction {
  getExecutor(): { provideConnection<T>(consumer: (connection: Connection) => Promise<T>): Promise<T> };
}

function connectionOf(transaction: unknown): Promise<Connection | undefined> {
  const candidate = transaction as Partial<OpenTransaction> | undefined;
  if (typeof candidate?.getExecutor !== 'function') return Promise.resolve(undefined);
  return candidate.getExecutor().provideConnection(async (connection) => connection);
}

/**
 * Raises `keys` once the transaction `em` writes in commits, on the feed its ORM was given
 * (trackChanges): at the outermost commit, never before, since a reader between the change
 * and its commit would keep the old data under the new version. Only inside a transaction:
 * a write that bypasses the unit of work and must make pages stale belongs in one with the
 * statement that changes them.
 */
export async function noteChanges(em: EntityManager, keys: Iterable<string>): Promise<void> {
  const connection = em.isInTransaction() ? await connectionOf(em.getTransactionContext()) : undefined;
  if (!connection) throw new Error('noteChanges is called inside the transaction of the change it notes');
  notePending(connection, keys);
}

function notePending(connection: Connection, keys: Iterable<string>): void {
  let pending = pendingByConnection.get(connection);
  if (!pending) pendingByConnection.set(connection, (pending = new Set()));
  for (const key of keys) pending.add(key);
}

/** A flush outside a transaction has committed on its own: its keys are raised at once. */
async function raiseFlushed(feed: ChangeFeed, em: EntityManager, keys: Iterable<string>): Promise<void> {
  const connection = em.isInTransaction() ? await connectionOf(em.getTransactionContext()) : undefined;
  if (connection) return notePending(connection, keys);
  const raised = [...keys];
  feed.bump(raised);
  await feed.shared?.publish(em, raised);
}

/** A savepoint's end is not the transaction's: its keys stay pending until the outermost one ends. */
const outermost = (args: TransactionEventArgs) => args.transaction !== undefined && args.transaction.savepointName === undefined;

async function takePending(args: TransactionEventArgs): Promise<Set<string> | undefined> {
  const connection = await connectionOf(args.transaction);
  const pending = connection ? pendingByConnection.get(connection) : undefined;
  if (connection) pendingByConnection.delete(connection);
  return pending;
}

/**
 * Watches every flush of `orm` for changes to the watched entities, and raises their keys
 * once committed, on `feed`: the one the composition root made for this process. Writes that
 * bypass the unit of work (a bulk UPDATE) call `noteChanges` themselves. Registering twice
 * on one ORM is a no-op; with another feed, a wiring mistake that would lose changes.
 */
export function trackChanges(orm: MikroORM, feed: ChangeFeed, watchers: ChangeWatchers): void {
  const known = tracked.get(orm);
  if (known === feed) return;
  if (known) throw new Error('this ORM already raises its changes on another feed');
  tracked.set(orm, feed);
  const subscriber: EventSubscriber = {
    async afterFlush(args: FlushEventArgs) {
      const keys = new Set<string>();
      for (const changeSet of args.uow.getChangeSets()) {
        const keysOf = watchers[changeSet.meta.className] ?? watchers[changeSet.meta.name ?? ''];
        if (!keysOf) continue;
        const kind = changeSet.type.startsWith('delete') ? 'delete' : changeSet.type.startsWith('update') ? 'update' : 'create';
        const entity = (kind === 'delete' ? (changeSet.originalEntity ?? changeSet.entity) : changeSet.entity) as Record<string, unknown>;
        const changed = kind === 'update' ? Object.keys(changeSet.payload) : changeSet.meta.props.map((prop) => prop.name);
        for (const key of keysOf(entity, changed, kind)) keys.add(key);
      }
      if (keys.size > 0) await raiseFlushed(feed, args.em, keys);
    },
    async beforeTransactionCommit(args) {
      if (!outermost(args) || !args.transaction) return;
      const pending = await takePending(args);
      if (!pending) return;
      committing.set(args.transaction, pending);
      // Recorded for the other instances in the same commit: a crash cannot keep it from them.
      await feed.shared?.publish(args.em, [...pending], args.transaction);
    },
    afterTransactionCommit(args) {
      const pending = args.transaction ? committing.get(args.transaction) : undefined;
      if (!pending || !args.transaction) return;
      committing.delete(args.transaction);
      feed.bump(pending);
    },
    async beforeTransactionRollback(args) {
      if (outermost(args)) await takePending(args);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
