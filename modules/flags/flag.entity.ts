import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';

/** A DONATION report is of its words of support, the donor's message shown with the comments. */
export const flagTargetTypes = ['COMMENT', 'FUNDRAISER', 'DONATION'] as const;
export type FlagTargetType = (typeof flagTargetTypes)[number];

export const flagReasons = ['SPAM', 'ABUSE', 'FRAUD', 'OTHER'] as const;
export type FlagReason = (typeof flagReasons)[number];

export const flagStatuses = ['OPEN', 'RESOLVED'] as const;
export type FlagStatus = (typeof flagStatuses)[number];

/** What the moderator who resolved a flag did about its target. */
export const flagResolutions = ['DISMISSED', 'COMMENT_HIDDEN', 'FUNDRAISER_SUSPENDED'] as const;
export type FlagResolution = (typeof flagResolutions)[number];

/**
 * One reporter's report of one comment, fundraiser or donor's words of support. The target is named by type and id,
 * not by foreign key: it may be of either kind, and the report outlives a deleted target as
 * a record. The unique key makes a repeated report by the same reporter count once.
 */
export const FlagSchema = defineEntity({
  name: 'Flag',
  tableName: 'flag',
  uniques: [{ properties: ['targetType', 'targetId', 'reporterKey'] }],
  // The review queue reads the open ones, oldest first, and resolves a target's all at once.
  indexes: [{ properties: ['status', 'createdAt'] }, { properties: ['targetType', 'targetId', 'status'] }],
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
    status: p.enum(flagStatuses).default('OPEN'),
    resolution: p.enum(flagResolutions).nullable(),
    /** The moderator's note; the audit log has who and when as well. */
    resolutionNote: p.text().nullable(),
    resolvedBy: p.integer().nullable(),
    resolvedAt: p.datetime().nullable(),
  },
});

export type Flag = InferEntity<typeof FlagSchema>;
