import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * One admin action, appended in the action's own transaction and never changed: triggers
 * refuse every UPDATE and DELETE of the table (the audit migration), so no endpoint, and no
 * bug in one, can edit or remove what was done. The actor and target are snapshots (ids and
 * labels, no foreign keys): the log outlives the rows it names, and a cascade would be an edit.
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  indexes: [{ properties: ['targetType', 'targetId', 'at'] }, { properties: ['actorId', 'at'] }, { properties: ['action', 'at'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    at: p.datetime().index(),
    actorId: p.integer(),
    actorEmail: p.string().length(254),
    /** `fundraiser.suspend`, `donation.refund`, `user.disable`, …: what was done. */
    action: p.string().length(60),
    targetType: p.string().length(30),
    targetId: p.integer().nullable(),
    /** What the target was called then (a fundraiser's title, a user's e-mail), for reading the log later. */
    targetLabel: p.string().length(255),
    reason: p.text().nullable(),
    /** The client address the action came from. */
    ip: p.string().length(64),
    /** `asked` before an action that leaves through a provider, `done` or `failed` after it; `done` for the rest. */
    outcome: p.string().length(20),
    /** What else tells the action apart (the refund's id, the fundraisers a disable paused). No personal data beyond the target's. */
    data: p.json().nullable(),
  },
});

export type AuditEvent = InferEntity<typeof AuditEventSchema>;
