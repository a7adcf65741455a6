import type { EntityManager } from '@mikro-orm/core';
import { displayName, type Fundraiser } from '../fundraisers/index.ts';
import { avatarsById, type MediaLinks } from '../media/index.ts';
import { fromMinor } from '../money/index.ts';
import type { TeamBoard } from './team.schemas.ts';

/** The fundraiser page shows this many teams, and this many of each team's members. */
export const boardLimits = { teams: 20, members: 5 } as const;

interface TeamRow {
  id: number | string;
  name: string;
  goal_minor: number | string | null;
  raised_minor: number | string;
  donation_count: number | string;
  members: number | string;
  total: number | string;
}

interface LeaderRow {
  id: number | string;
  joined_at: string | Date;
  team_id: number | string;
  user_id: number | string;
  first_name: string;
  last_name: string;
  avatar_media_id: number | string | null;
  raised_minor: number | string;
  donation_count: number | string;
}

/** Each team's leading members, by its index on (team, raised amount): a few rows read per team, however big. */
const leadersOf = (teams: number) =>
  Array.from(
    { length: teams },
    (_, i) => `select * from (
      select m.id, m.team_id, m.user_id, u.first_name, u.last_name, u.avatar_media_id, m.raised_minor, m.donation_count, m.joined_at
      from \`team_member\` m join \`app_user\` u on u.id = m.user_id
      where m.team_id = ? and m.left_at is null
      order by m.raised_minor desc, m.donation_count desc, m.joined_at asc, m.id asc limit ${boardLimits.members}
    ) l${i}`,
  ).join(' union all ');

/**
 * The teams as the fundraiser page shows them to anybody: the first teams by what they raised,
 * each with its member count and its leading members (names, pictures, totals), never an
 * address or a link. One statement for the teams and one for their leaders, each reading a few
 * index entries per team however big the teams are, and one more for pictures when a leader has one.
 */
export async function teamBoard(em: EntityManager, links: MediaLinks, fundraiser: Pick<Fundraiser, 'id' | 'currency' | 'teamsOpen' | 'status'>): Promise<TeamBoard> {
  const connection = em.getConnection();
  const teams = (await connection.execute(
    `select t.id, t.name, t.goal_minor, t.raised_minor, t.donation_count, count(*) over () as total,
        (select count(*) from \`team_member\` m where m.team_id = t.id and m.left_at is null) as members
      from \`team\` t where t.fundraiser_id = ? and t.removed_at is null
      order by t.raised_minor desc, t.donation_count desc, t.id asc limit ${boardLimits.teams}`,
    [fundraiser.id],
  )) as TeamRow[];
  const open = fundraiser.teamsOpen && fundraiser.status === 'ACTIVE';
  if (teams.length === 0) return { total: 0, open, teams: [] };
  const leaders = (await connection.execute(leadersOf(teams.length), teams.map((t) => Number(t.id)))) as LeaderRow[];
  // A union keeps no order of its own: each team's leaders are put in theirs here.
  const joined = new Map(leaders.map((r) => [r, new Date(r.joined_at).getTime()]));
  leaders.sort(
    (a, b) =>
      Number(b.raised_minor) - Number(a.raised_minor) ||
      Number(b.donation_count) - Number(a.donation_count) ||
      joined.get(a)! - joined.get(b)! ||
      Number(a.id) - Number(b.id),
  );
  const avatarIds = [...new Set(leaders.map((r) => r.avatar_media_id).filter((id) => id !== null).map(Number))];
  const avatars = await avatarsById(em, links, avatarIds);
  const { currency } = fundraiser;
  return {
    total: Number(teams[0]!.total),
    open,
    teams: teams.map((t) => ({
      id: Number(t.id),
      name: t.name,
      currency,
      goalAmount: t.goal_minor === null ? null : fromMinor(Number(t.goal_minor), currency),
      raisedAmount: fromMinor(Number(t.raised_minor), currency),
      donationCount: Number(t.donation_count),
      memberCount: Number(t.members),
      leaders: leaders
        .filter((r) => Number(r.team_id) === Number(t.id))
        .map((r) => ({
          userId: Number(r.user_id),
          name: displayName({ firstName: r.first_name, lastName: r.last_name }),
          imageUrl: r.avatar_media_id === null ? null : (avatars.get(Number(r.avatar_media_id))?.thumbnailUrl ?? null),
          raisedAmount: fromMinor(Number(r.raised_minor), currency),
          donationCount: Number(r.donation_count),
        })),
    })),
  };
}
