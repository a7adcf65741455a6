import type { EntityManager } from '@mikro-orm/core';
import { seededRandom } from '../../kernel/demo/index.ts';
import { giftsByDayAndChannel } from '../donations/index.ts';
import { shareChannels, type ShareChannel, type VisitChannel } from '../fundraisers/index.ts';
import { ReferrerDaySchema, ShareHourSchema, TrafficHourSchema } from './report.entity.ts';

const dayMs = 86_400_000;
/** Where demo visitors come from when they come from another site. */
const demoReferrers: ReadonlyArray<[string, VisitChannel]> = [['t.me', 'telegram'], ['facebook.com', 'facebook'], ['l.facebook.com', 'facebook'], ['x.com', 'x'], ['mail.google.com', 'email'], ['google.com', 'direct']];

/**
 * Views, visitors, share clicks and referrers for the demo fundraisers, from their start to
 * today, in step with their demo donations (about one visitor in eight gives, through the same
 * channels), so that a fresh install's reports look like a fundraiser in use.
 */
export async function seedDemoTraffic(em: EntityManager, fundraisers: ReadonlyArray<{ id: number; createdAt: Date }>, now = new Date()): Promise<number> {
  const traffic: Array<{ fundraiser: number; hour: Date; channel: VisitChannel; views: number; visitors: number }> = [];
  const shares: Array<{ fundraiser: number; hour: Date; channel: ShareChannel; shares: number }> = [];
  const referrers: Array<{ fundraiser: number; day: string; host: string; views: number }> = [];
  for (const [index, f] of fundraisers.entries()) {
    const random = seededRandom(9_001 + index);
    const given = await giftsByDayAndChannel(em, f.id);
    const first = Math.floor(f.createdAt.getTime() / dayMs) * dayMs;
    for (let day = first; day <= now.getTime(); day += dayMs) {
      const date = new Date(day + 3 * 3_600_000).toISOString().slice(0, 10);
      const age = (day - first) / dayMs;
      // Busy in the first days after the link goes round, then a steady trickle.
      const interest = 1 + 12 * Math.exp(-age / 6);
      for (const channel of [...shareChannels, 'direct'] as const) {
        const donors = given.get(`${date}|${channel}`) ?? 0;
        const weight = channel === 'direct' ? 1 : channel === 'telegram' ? 0.8 : channel === 'x' ? 0.1 : 0.4;
        const visitors = Math.round(donors * (5 + random() * 8) + interest * weight * random() * 3);
        if (visitors === 0) continue;
        const views = visitors + Math.round(visitors * random() * 0.6);
        // Waking hours in Addis Ababa (06:00–22:00, UTC+3).
        const hour = new Date(day + (3 + Math.floor(random() * 16)) * 3_600_000);
        if (hour.getTime() > now.getTime()) continue;
        traffic.push({ fundraiser: f.id, hour, channel, views, visitors });
        if (channel !== 'direct') {
          const clicks = Math.round(visitors / (3 + random() * 4));
          if (clicks > 0) shares.push({ fundraiser: f.id, hour: new Date(hour.getTime() - 3_600_000), channel, shares: clicks });
        }
        for (const [host, from] of demoReferrers) {
          if (from !== channel || random() < 0.3) continue;
          const count = Math.round(visitors * (0.2 + random() * 0.4));
          if (count > 0) referrers.push({ fundraiser: f.id, day: date, host, views: count });
        }
      }
    }
  }
  if (traffic.length) await em.insertMany(TrafficHourSchema, traffic);
  if (shares.length) await em.insertMany(ShareHourSchema, shares);
  if (referrers.length) await em.insertMany(ReferrerDaySchema, referrers);
  return traffic.length;
}
