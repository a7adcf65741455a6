import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';

/** A DONATION report is of its words of support, the donor's message shown with the comments. */
export const flagTargetTypes = ['COMMENT', 'FUNDRAISER', 'DONATION'] as const;
export type FlagTargetType = (typeof flagTargetTypes)[number];

export const flagReasons = ['SPAM', 'ABUSE', 'FRAUD', 'OTHER'] as const;
export type FlagReason = (typeof flagReasons)[number];

/**
 * One reporter's report of one comment, fundraiser or donor's words of support. The target is named by type and id,
 * not by foreign key: it may be of either kind, and the report outlives a deleted target as
 * a record. The unique key makes a repeated report by the same reporter count once.
 */
export const FlagSchema = defineEntity({
  name: 'Flag',
  tableName: 'flag',
  uniques: [{ properties: ['targetType', 'targetId', 'reporterKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    targetType: p.enum(flagTargetTypes),
    targetId: p.integer(),
    reason: p.enum(flagReasons),
    /** What the reporter added in their own words; plain text, up to 1,000 characters. */
    details: p.text().nullable(),
    /** The signed-in reporter; null for a visitor. */
    reporter: p.manyToOne(UserSchema).nullable().deleteRule('set null'),
    /** Who reported, for counting once: `user:<id>`, or `address:<keyed hash of the client address>` for a visitor. */
    reporterKey: p.string().length(80),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type Flag = InferEntity<typeof FlagSchema>;
