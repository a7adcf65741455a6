import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * The changes every instance must hear of, when several share the database
 * (shared-changes.ts): one row per key, its version raised in the transaction of the change,
 * and when, by the database's clock, so that each instance asks only for the latest ones.
 */
export const ChangeVersionSchema = defineEntity({
  name: 'ChangeVersion',
  tableName: 'change_version',
  indexes: [{ properties: ['changedMs'] }],
  properties: {
    key: p.string().length(150).primary(),
    version: p.bigint('number'),
    /** Milliseconds since 1970 by the database's clock, which every instance shares. */
    changedMs: p.bigint('number'),
  },
});

export type ChangeVersion = InferEntity<typeof ChangeVersionSchema>;
