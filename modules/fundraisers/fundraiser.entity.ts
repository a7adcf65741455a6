import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from '../accounts/index.ts';
import { CategorySchema, LocationSchema } from '../catalogue/index.ts';
import { currencies } from '../money/index.ts';
import { fundedRank, goalRank } from './fundraiser.sort-keys.ts';

export const fundraiserStatuses = ['ACTIVE', 'PAUSED', 'CLOSED', 'SUSPENDED'] as const;
export type FundraiserStatus = (typeof fundraiserStatuses)[number];

export const FundraiserSchema = defineEntity({
  name: 'Fundraiser',
  tableName: 'fundraiser',
  indexes: [
    { properties: ['status', 'createdAt'] },
    { properties: ['category', 'status', 'createdAt'] },
    { properties: ['location', 'status', 'createdAt'] },
    // "Most funded" and "closest to goal" read a slice of these instead of sorting the table.
    { properties: ['status', 'fundedRank', 'donationCount'] },
    { properties: ['category', 'status', 'fundedRank', 'donationCount'] },
    { properties: ['status', 'goalRank'] },
    { properties: ['category', 'status', 'goalRank'] },
    // MySQL/MariaDB only: db/database.ts drops full-text indexes on SQLite, where the
    // search index is an FTS5 table kept in step by triggers (see the search migration).
    // The title has one of its own so that ranking can weigh a match there above one in the story.
    { name: 'fundraiser_search', properties: ['title', 'description'], type: 'fulltext' },
    { name: 'fundraiser_search_title', properties: ['title'], type: 'fulltext' },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(120),
    /** Plain text with line breaks; never HTML. */
    description: p.text(),
    beneficiaryName: p.string().length(120).nullable(),
    owner: p.manyToOne(UserSchema),
    category: p.manyToOne(CategorySchema),
    location: p.manyToOne(LocationSchema),
    currency: p.enum(currencies).default('USD'),
    /** The goal in minor units of `currency`. */
    goalMinor: p.integer(),
    /**
     * Raised total and number of succeeded donations, in minor units of `currency`. Kept here
     * (lists sort by them) and changed only by the donations module, in the same transaction
     * as the payment that changes them.
     */
    raisedMinor: p.bigint('number').default(0),
    donationCount: p.integer().default(0),
    /**
     * Sort keys derived from the totals and the goal (fundraiser.sort-keys.ts), recomputed on
     * every flush that changes the row. A bulk SQL update of the totals must set them too.
     */
    fundedRank: p.bigint('number').default(0).onCreate(fundedRank).onUpdate(fundedRank),
    goalRank: p.integer().default(0).onCreate(goalRank).onUpdate(goalRank),
    status: p.enum(fundraiserStatuses).default('ACTIVE'),
    /** While SUSPENDED: the status it was suspended from, which lifting the suspension returns it to. */
    suspendedFrom: p.enum(fundraiserStatuses).nullable(),
    /** Any signed-in supporter may start a team for it; off: only its organiser does. */
    teamsOpen: p.boolean().default(false),
    /**
     * Set when an admin checked the fundraiser's documents; `verifiedNote` is what was
     * checked, shown with the page's "Verified" badge ("Hospital letter checked").
     */
    verifiedAt: p.datetime().nullable(),
    verifiedNote: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type Fundraiser = InferEntity<typeof FundraiserSchema>;

/** News the organiser posts on a fundraiser ("we reached half the goal", "surgery went well"). */
export const FundraiserUpdateSchema = defineEntity({
  name: 'FundraiserUpdate',
  tableName: 'fundraiser_update',
  indexes: [{ properties: ['fundraiser', 'createdAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    author: p.manyToOne(UserSchema),
    content: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type FundraiserUpdate = InferEntity<typeof FundraiserUpdateSchema>;
