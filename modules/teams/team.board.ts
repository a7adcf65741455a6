import type { EntityManager } from '@mikro-orm/core';
import { displayName, type Fundraiser } from '../fundraisers/index.ts';
import { imagesAndMedia } from '../media/index.ts';
import { fromMinor } from '../money/index.ts';
import type { TeamBoard } from './team.schemas.ts';

/** The fundraiser page shows this many teams, and this many of each team's members. */
export const boardLimits = { teams: 20, members: 5 } as const;

interface BoardRow {
  id: number | string;
  name: string;
  goal_minor: number | string | null;
  raised_minor: number | string;
  donation_count: number | string;
  total: number | string;
  /** The member's columns are null for a team without members. */
  user_id: number | string | null;
  first_name: string | null;
  last_name: string | null;
  avatar_media_id: number | string | null;
  member_raised: number | string | null;
  member_count: number | string | null;
  members: number | string | null;
}

/**
 * The teams as the fundraiser page shows them to anybody: the first teams by what they raised,
 * each with its member count and its leading members (names, pictures, totals), never an
 * address or a link. One statement however big the teams (window functions rank and count the
 * members of each), and one more for pictures when a leading member has one.
 */
export async function teamBoard(em: EntityManager, fundraiser: Pick<Fundraiser, 'id' | 'currency' | 'teamsOpen' | 'status'>): Promise<TeamBoard> {
  const rows = (await em.getConnection().execute(
    `select t.id, t.name, t.goal_minor, t.raised_minor, t.donation_count, t.total,
        r.user_id, r.first_name, r.last_name, r.avatar_media_id, r.member_raised, r.member_count, r.members
      from (
        select t.id, t.name, t.goal_minor, t.raised_minor, t.donation_count, count(*) over () as total
        from \`team\` t where t.fundraiser_id = ? and t.removed_at is null
        order by t.raised_minor desc, t.donation_count desc, t.id asc limit ${boardLimits.teams}
      ) t
      left join (
        select m.team_id, m.user_id, u.first_name, u.last_name, u.avatar_media_id, m.raised_minor as member_raised, m.donation_count as member_count,
          row_number() over (partition by m.team_id order by m.raised_minor desc, m.donation_count desc, m.joined_at asc, m.id asc) as position,
          count(*) over (partition by m.team_id) as members
        from \`team_member\` m
          join \`team\` mt on mt.id = m.team_id
          join \`app_user\` u on u.id = m.user_id
        where mt.fundraiser_id = ? and mt.removed_at is null and m.left_at is null
      ) r on r.team_id = t.id and r.position <= ${boardLimits.members}
      order by t.raised_minor desc, t.donation_count desc, t.id asc, r.position asc`,
    [fundraiser.id, fundraiser.id],
  )) as BoardRow[];
  const open = fundraiser.teamsOpen && fundraiser.status === 'ACTIVE';
  if (rows.length === 0) return { total: 0, open, teams: [] };
  const avatarIds = [...new Set(rows.map((r) => r.avatar_media_id).filter((id) => id !== null).map(Number))];
  const avatars = avatarIds.length ? (await imagesAndMedia(em, { entityType: 'USER', entityIds: [] }, avatarIds)).byId : null;
  const { currency } = fundraiser;
  const teams = new Map<number, TeamBoard['teams'][number]>();
  for (const row of rows) {
    const id = Number(row.id);
    let team = teams.get(id);
    if (!team) {
      team = {
        id,
        name: row.name,
        currency,
        goalAmount: row.goal_minor === null ? null : fromMinor(Number(row.goal_minor), currency),
        raisedAmount: fromMinor(Number(row.raised_minor), currency),
        donationCount: Number(row.donation_count),
        memberCount: Number(row.members ?? 0),
        leaders: [],
      };
      teams.set(id, team);
    }
    if (row.user_id === null) continue;
    team.leaders.push({
      userId: Number(row.user_id),
      name: displayName({ firstName: row.first_name ?? '', lastName: row.last_name ?? '' }),
      imageUrl: row.avatar_media_id === null ? null : (avatars?.get(Number(row.avatar_media_id))?.thumbnailUrl ?? null),
      raisedAmount: fromMinor(Number(row.member_raised), currency),
      donationCount: Number(row.member_count),
    });
  }
  return { total: Number(rows[0]!.total), open, teams: [...teams.values()] };
}
