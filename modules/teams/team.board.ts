import type { EntityManager } from '@mikro-orm/core';
import { displayName, type Fundraiser } from '../fundraisers/index.ts';
import { imagesAndMedia } from '../media/index.ts';
import { fromMinor } from '../money/index.ts';
import type { TeamBoard } from './team.schemas.ts';

/** The fundraiser page shows this many teams, and this many of each team's members. */
export const boardLimits = { teams: 20, members: 5 } as const;

interface BoardRow {
  team_id: number | string;
  user_id: number | string;
  first_name: string;
  last_name: string;
  avatar_media_id: number | string | null;
  raised_minor: number | string;
  donation_count: number | string;
  members: number | string;
}

/**
 * The teams as the fundraiser page shows them to anybody: the first teams by what they raised,
 * each with its member count and its leading members (names, pictures, totals), never an
 * address or a link. Three statements whatever the size of the teams: the teams, their leading
 * members (a window function ranks and counts them), the members' pictures.
 */
export async function teamBoard(em: EntityManager, fundraiser: Pick<Fundraiser, 'id' | 'currency' | 'teamsOpen' | 'status'>): Promise<TeamBoard> {
  const connection = em.getConnection();
  const teams = (await connection.execute(
    `select t.id, t.name, t.goal_minor, t.raised_minor, t.donation_count, count(*) over () as total
      from \`team\` t where t.fundraiser_id = ? and t.removed_at is null
      order by t.raised_minor desc, t.donation_count desc, t.id asc limit ${boardLimits.teams}`,
    [fundraiser.id],
  )) as Array<{ id: number | string; name: string; goal_minor: number | string | null; raised_minor: number | string; donation_count: number | string; total: number | string }>;
  const open = fundraiser.teamsOpen && fundraiser.status === 'ACTIVE';
  if (teams.length === 0) return { total: 0, open, teams: [] };
  const ids = teams.map((t) => Number(t.id));
  const rows = (await connection.execute(
    `select r.* from (
        select m.team_id, m.user_id, u.first_name, u.last_name, u.avatar_media_id, m.raised_minor, m.donation_count,
          row_number() over (partition by m.team_id order by m.raised_minor desc, m.donation_count desc, m.joined_at asc, m.id asc) as position,
          count(*) over (partition by m.team_id) as members
        from \`team_member\` m join \`app_user\` u on u.id = m.user_id
        where m.team_id in (${ids.map(() => '?').join(', ')}) and m.left_at is null
      ) r where r.position <= ${boardLimits.members} order by r.team_id, r.position`,
    ids,
  )) as BoardRow[];
  const avatarIds = [...new Set(rows.map((r) => r.avatar_media_id).filter((id) => id !== null).map(Number))];
  const avatars = avatarIds.length ? (await imagesAndMedia(em, { entityType: 'USER', entityIds: [] }, avatarIds)).byId : null;
  const { currency } = fundraiser;
  return {
    total: Number(teams[0]!.total),
    open,
    teams: teams.map((t) => {
      const own = rows.filter((r) => Number(r.team_id) === Number(t.id));
      return {
        id: Number(t.id),
        name: t.name,
        currency,
        goalAmount: t.goal_minor === null ? null : fromMinor(Number(t.goal_minor), currency),
        raisedAmount: fromMinor(Number(t.raised_minor), currency),
        donationCount: Number(t.donation_count),
        memberCount: Number(own[0]?.members ?? 0),
        leaders: own.map((r) => ({
          userId: Number(r.user_id),
          name: displayName({ firstName: r.first_name, lastName: r.last_name }),
          imageUrl: r.avatar_media_id === null ? null : (avatars?.get(Number(r.avatar_media_id))?.thumbnailUrl ?? null),
          raisedAmount: fromMinor(Number(r.raised_minor), currency),
          donationCount: Number(r.donation_count),
        })),
      };
    }),
  };
}
