import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const refundRunStatuses = ['RUNNING', 'DONE'] as const;
export type RefundRunStatus = (typeof refundRunStatuses)[number];

/**
 * "Refund all" of a suspended fundraiser: a job that walks its paid donations in id order,
 * refunding each through its provider. `cursor` is the last donation dealt with, written
 * after each, so a run stopped half-way (a restart, a crash) carries on where it was; the
 * refund itself never repeats, since a refunded donation is no longer refundable and the
 * provider's idempotency key makes a retried request one refund.
 * `openMarker` is 1 while running and null once done: the unique key allows one running
 * run per fundraiser (MySQL and SQLite both allow many NULLs).
 */
export const RefundRunSchema = defineEntity({
  name: 'RefundRun',
  tableName: 'refund_run',
  uniques: [{ properties: ['fundraiserId', 'openMarker'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiserId: p.integer().index(),
    requestedBy: p.integer(),
    reason: p.text(),
    status: p.enum(refundRunStatuses).default('RUNNING'),
    openMarker: p.integer().nullable(),
    cursor: p.integer().default(0),
    refunded: p.integer().default(0),
    /** Donations the provider would not refund; they stay counted, for an admin to look at. */
    failed: p.integer().default(0),
    lastError: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    finishedAt: p.datetime().nullable(),
  },
});

export type RefundRun = InferEntity<typeof RefundRunSchema>;
