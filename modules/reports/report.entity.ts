import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { FundraiserSchema, shareChannels, visitChannels } from '../fundraisers/index.ts';

export { shareChannels, visitChannels } from '../fundraisers/index.ts';
export type { ShareChannel, VisitChannel } from '../fundraisers/index.ts';

/**
 * The day's random salt of the visitor hash (ADR 0010), shared by every instance, deleted
 * after two days, so that no hash can be made again from an address once its day is over.
 */
export const AnalyticsSaltSchema = defineEntity({
  name: 'AnalyticsSalt',
  tableName: 'analytics_salt',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** The Addis Ababa day it salts, YYYY-MM-DD. */
    day: p.string().length(10).unique(),
    salt: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AnalyticsSalt = InferEntity<typeof AnalyticsSaltSchema>;

/** A visitor seen on a fundraiser's page that day: a new row is a new visitor. Deleted with the day's salt. */
export const VisitorSeenSchema = defineEntity({
  name: 'VisitorSeen',
  tableName: 'visitor_seen',
  uniques: [{ properties: ['fundraiser', 'day', 'visitorHash'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    day: p.string().length(10).index(),
    visitorHash: p.string().length(32),
  },
});

/**
 * How many visitors of a fundraiser's page one address brought that day (its hash under the
 * day's salt, never the address), up to the few a household shares a router with: beyond
 * those, another user agent from the same address is no new visitor. Deleted with the salt.
 */
export const VisitorAddressSchema = defineEntity({
  name: 'VisitorAddress',
  tableName: 'visitor_address',
  uniques: [{ properties: ['fundraiser', 'day', 'addressHash'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    day: p.string().length(10).index(),
    addressHash: p.string().length(32),
    visitors: p.integer().default(0),
  },
});

/** Views and new visitors of a fundraiser's page in one UTC hour, by the channel they came through. */
export const TrafficHourSchema = defineEntity({
  name: 'TrafficHour',
  tableName: 'traffic_hour',
  uniques: [{ properties: ['fundraiser', 'hour', 'channel'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    /** The start of the UTC hour. */
    hour: p.datetime(),
    channel: p.enum(visitChannels),
    views: p.integer().default(0),
    visitors: p.integer().default(0),
  },
});
export type TrafficHour = InferEntity<typeof TrafficHourSchema>;

/** Clicks on a fundraiser's share buttons in one UTC hour, by channel: intent to share, not arrivals. */
export const ShareHourSchema = defineEntity({
  name: 'ShareHour',
  tableName: 'share_hour',
  uniques: [{ properties: ['fundraiser', 'hour', 'channel'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    hour: p.datetime(),
    channel: p.enum(shareChannels),
    shares: p.integer().default(0),
  },
});
export type ShareHour = InferEntity<typeof ShareHourSchema>;

/** Views of a fundraiser's page that came from another site, by its host alone, per Addis Ababa day. */
export const ReferrerDaySchema = defineEntity({
  name: 'ReferrerDay',
  tableName: 'referrer_day',
  uniques: [{ properties: ['fundraiser', 'day', 'host'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    fundraiser: p.manyToOne(FundraiserSchema).deleteRule('cascade'),
    day: p.string().length(10),
    host: p.string().length(255),
    views: p.integer().default(0),
  },
});
export type ReferrerDay = InferEntity<typeof ReferrerDaySchema>;
