import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import type { Fundraiser } from '../fundraisers/index.ts';
import { wholeToMinor, type Currency } from '../money/index.ts';
import { DonationCreditSchema, TeamMemberSchema, TeamSchema } from './team.entity.ts';

/** A demo donation a team member may be credited with. */
export interface DemoGift {
  id: number;
  amountMinor: number;
  currency: Currency;
  succeededAt: Date;
}

/** Who is on a demo team: the fundraiser's organiser, or a demo supporter (index into the list given). */
type DemoPerson = number | 'organiser';

interface DemoTeam {
  name: string;
  description: string;
  /** In the fundraiser's major unit; null: no goal of its own. */
  goal: number | null;
  captain: DemoPerson;
  members: DemoPerson[];
}

/** Teams of two demo fundraisers, one in English and one in Amharic, by title. */
const demoTeams: Record<string, DemoTeam[]> = {
  'Heart surgery for seven-year-old Yonas': [
    {
      name: 'Family in Washington, DC',
      description: 'Yonas’s aunts, uncles and cousins in the DC area, asking friends from church and work.',
      goal: 4000,
      captain: 'organiser',
      members: [0, 4],
    },
    { name: 'Old classmates from Bole', description: 'We were at school with Yonas’s father. Let us get this boy his surgery.', goal: null, captain: 5, members: [2] },
  ],
  'ለእናታችን የኩላሊት እጥበት ሕክምና': [
    { name: 'የልጆቿ ቡድን', description: 'ልጆቿና የልጅ ልጆቿ፣ በአዲስ አበባና በውጭ አገር።', goal: 150_000, captain: 'organiser', members: [1, 3] },
  ],
};

/**
 * Demo teams on some demo fundraisers, with members (the organiser and demo supporters) and a
 * share of the fundraisers' demo donations credited to them, stored as a real credit is: a
 * credit row per donation, member and team totals as their sums. For a fresh database only.
 * Answers how many teams were made.
 */
export async function seedDemoTeams(
  em: EntityManager,
  fundraisers: readonly Pick<Fundraiser, 'id' | 'title' | 'owner' | 'createdAt' | 'currency'>[],
  supporters: readonly User[],
  gifts: (fundraiserId: number) => Promise<DemoGift[]>,
): Promise<number> {
  let made = 0;
  for (const f of fundraisers) {
    const teams = demoTeams[f.title];
    if (!teams) continue;
    const person = (who: DemoPerson): number => (who === 'organiser' ? f.owner.id : supporters[who]!.id);
    // Every other donation came through somebody's link, shared out among the members in turn.
    const given = (await gifts(f.id)).filter((_, i) => i % 2 === 0);
    const everyone: Array<{ memberId: number; teamId: number }> = [];
    for (const demo of teams) {
      const team = em.create(TeamSchema, {
        fundraiser: f.id,
        name: demo.name,
        description: demo.description,
        goalMinor: demo.goal === null ? null : wholeToMinor(demo.goal, f.currency),
        creator: person(demo.captain),
        raisedMinor: 0,
        donationCount: 0,
        removedAt: null,
        createdAt: new Date(f.createdAt.getTime() + 60 * 60_000),
      });
      await em.flush();
      for (const [i, who] of [demo.captain, ...demo.members].entries()) {
        const memberId = (await em.insert(TeamMemberSchema, {
          team: team.id,
          user: person(who),
          role: i === 0 ? 'CAPTAIN' : 'MEMBER',
          referralCode: randomBytes(10).toString('base64url'),
          raisedMinor: 0,
          donationCount: 0,
          joinedAt: team.createdAt,
          leftAt: null,
        })) as number;
        everyone.push({ memberId, teamId: team.id });
      }
      made += 1;
    }
    const totals = new Map<number, { raised: number; count: number; teamId: number }>();
    for (const [i, gift] of given.entries()) {
      const { memberId, teamId } = everyone[i % everyone.length]!;
      em.create(DonationCreditSchema, { donationId: gift.id, team: teamId, member: memberId, amountMinor: gift.amountMinor, currency: gift.currency, createdAt: gift.succeededAt, refundedAt: null });
      const sum = totals.get(memberId) ?? { raised: 0, count: 0, teamId };
      totals.set(memberId, { raised: sum.raised + gift.amountMinor, count: sum.count + 1, teamId });
    }
    await em.flush();
    const byTeam = new Map<number, { raised: number; count: number }>();
    for (const [memberId, sum] of totals) {
      await em.nativeUpdate(TeamMemberSchema, { id: memberId }, { raisedMinor: sum.raised, donationCount: sum.count });
      const team = byTeam.get(sum.teamId) ?? { raised: 0, count: 0 };
      byTeam.set(sum.teamId, { raised: team.raised + sum.raised, count: team.count + sum.count });
    }
    for (const [teamId, sum] of byTeam) await em.nativeUpdate(TeamSchema, { id: teamId }, { raisedMinor: sum.raised, donationCount: sum.count });
  }
  return made;
}
