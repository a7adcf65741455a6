import type { EntityManager } from '@mikro-orm/core';
import { seededRandom } from '../../kernel/demo/index.ts';
import { addToTotals, type Fundraiser, type VisitChannel } from '../fundraisers/index.ts';
import { wholeToMinor, type Currency } from '../money/index.ts';
import { demoAmounts, demoDonorNames, demoMessages, type DemoLanguage } from './donation.demo-data.ts';
import { rebuildBuckets } from './donation.buckets.ts';
import { DonationSchema, type PaymentMethod } from './donation.entity.ts';

/** What the demo donations to one fundraiser are to look like. */
export interface DemoFunding {
  fundraiser: Pick<Fundraiser, 'id' | 'title' | 'currency' | 'goalMinor' | 'createdAt'> & { category: { slug: string } };
  /** How far the donations take it, as a share of its goal. */
  funded: number;
  /** The last moment it took donations: now, or when it closed. */
  givingUntil: Date;
}

export interface DemoDonation {
  amountMinor: number;
  /** Null: given anonymously. */
  donorName: string | null;
  message: string | null;
  /** Most donors let the amount be shown; some keep it to themselves. */
  showAmount: boolean;
  language: DemoLanguage;
  paymentMethod: PaymentMethod;
  /** The share the donor came through, so that a fresh install's reports show channels. */
  channel: VisitChannel;
  mayContact: boolean;
  succeededAt: Date;
}

/** How demo donors arrive: mostly by shared links, Telegram and WhatsApp first, as in Ethiopia. */
const demoChannels: ReadonlyArray<[VisitChannel, number]> = [['direct', 35], ['telegram', 25], ['whatsapp', 15], ['facebook', 14], ['email', 5], ['copy', 4], ['x', 2]];

const minute = 60_000;
const ethiopic = /[\u1200-\u137F]/;

/** Hands out the items in a shuffled order, each once before any comes again, so that a name seldom repeats soon. */
function deck<T>(random: () => number, items: readonly T[]): () => T {
  let left: T[] = [];
  return () => {
    if (left.length === 0) {
      left = [...items];
      for (let i = left.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [left[i], left[j]] = [left[j]!, left[i]!];
      }
    }
    return left.pop()!;
  };
}

/**
 * The donations that take one fundraiser to `funded` of its goal (never past that share,
 * short of it by less than the smallest gift), oldest first, between its start and
 * `givingUntil`. The same `seed` gives the same donations, at the same distance from its start.
 */
export function demoDonations(funding: DemoFunding, seed: number): DemoDonation[] {
  const f = funding.fundraiser;
  const currency: Currency = f.currency;
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const amounts = demoAmounts[currency].flatMap(([amount, weight]) => Array.from({ length: weight }, () => wholeToMinor(amount, currency)));
  const smallest = Math.min(...amounts);
  const names = { en: deck(random, demoDonorNames.en), am: deck(random, demoDonorNames.am) };
  const words = (language: DemoLanguage) => {
    const { any, byCategory } = demoMessages[language];
    const own = byCategory[f.category.slug];
    return { any: deck(random, any), forCategory: own ? deck(random, own) : null };
  };
  const messages = { en: words('en'), am: words('am') };
  // Donors mostly write in the language the fundraiser is written in; dollars come mostly from abroad.
  const amharicShare = ethiopic.test(f.title) ? 0.7 : currency === 'ETB' ? 0.45 : 0.15;
  const from = f.createdAt.getTime() + 15 * minute;
  const span = Math.max(funding.givingUntil.getTime() - 10 * minute - from, minute);
  const target = Math.floor(f.goalMinor * funding.funded);
  const drawn: { amountMinor: number; at: number }[] = [];
  for (let raised = 0; target - raised >= smallest; ) {
    const room = target - raised;
    const amount = pick(amounts);
    const amountMinor = amount <= room ? amount : Math.max(...amounts.filter((a) => a <= room));
    raised += amountMinor;
    // Most gifts come in the first days after the link is shared, then a steady trickle.
    const u = random();
    drawn.push({ amountMinor, at: Math.round(from + span * (random() < 0.5 ? u * u : u)) });
  }
  // A generator of its own, so that the gifts themselves stay what they were before channels.
  const sources = seededRandom(seed * 7919);
  const channelOfGift = (): VisitChannel => {
    let u = sources() * demoChannels.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [channel, weight] of demoChannels) if ((u -= weight) < 0) return channel;
    return 'direct';
  };
  // Donors are dealt in the order the gifts arrive, so that neighbours in the list differ.
  return drawn
    .sort((a, b) => a.at - b.at)
    .map(({ amountMinor, at }) => {
      const language: DemoLanguage = random() < amharicShare ? 'am' : 'en';
      const anonymous = random() < 0.2;
      const { any, forCategory } = messages[language];
      const message = random() < 0.45 ? (forCategory && random() < 0.5 ? forCategory : any)() : null;
      return {
        amountMinor,
        donorName: anonymous ? null : names[language](),
        message,
        showAmount: random() < 0.8,
        language,
        // PayPal takes no birr.
        paymentMethod: currency === 'USD' && random() < 0.25 ? 'PAYPAL' : 'STRIPE',
        channel: channelOfGift(),
        mayContact: sources() < 0.3,
        succeededAt: new Date(at),
      };
    });
}

/**
 * Demo donations for freshly seeded demo fundraisers, stored as SUCCEEDED donations like
 * paid ones, with each fundraiser's totals moved by exactly their sum and count, in one
 * transaction. No payment rows and no receipt mails: nobody paid, nobody is to be mailed.
 * Returns how many donations were made.
 */
export async function seedDemoDonations(em: EntityManager, fundings: readonly DemoFunding[]): Promise<number> {
  return em.transactional(async (tx) => {
    let made = 0;
    for (const [index, funding] of fundings.entries()) {
      const f = funding.fundraiser;
      const gifts = demoDonations(funding, index + 1);
      if (gifts.length === 0) continue;
      await tx.insertMany(
        DonationSchema,
        gifts.map((gift, i) => ({
          fundraiser: f.id,
          donor: null,
          amountMinor: gift.amountMinor,
          currency: f.currency,
          message: gift.message,
          showAmount: gift.showAmount,
          donorName: gift.donorName,
          donorEmail: `donor${made + i + 1}@example.com`,
          status: 'SUCCEEDED' as const,
          paymentMethod: gift.paymentMethod,
          channel: gift.channel,
          mayContact: gift.mayContact,
          creatorSession: null,
          language: gift.language,
          createdAt: new Date(gift.succeededAt.getTime() - 2 * minute),
          updatedAt: gift.succeededAt,
          succeededAt: gift.succeededAt,
        })),
      );
      const sum = gifts.reduce((total, gift) => total + gift.amountMinor, 0);
      await addToTotals(tx, f.id, sum, gifts.length);
      made += gifts.length;
    }
    await rebuildBuckets(tx, fundings.map((funding) => funding.fundraiser.id));
    return made;
  });
}
