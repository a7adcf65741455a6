import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    /** SHA-256 of the cookie value: a copy of the table does not hand out live cookies. */
    id: p.string().length(64).primary(),
    userId: p.integer().nullable().index(),
    data: p.json<Record<string, unknown>>(),
    rememberMe: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
    absoluteExpiresAt: p.datetime(),
  },
});

export type Session = InferEntity<typeof SessionSchema>;
