import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/core';
import type { User } from '../../modules/accounts/index.ts';
import { settleDonation } from '../../modules/donations/index.ts';
import { TeamMemberSchema, TeamSchema, type TeamRole } from '../../modules/teams/index.ts';
import type { TestClient } from './http-client.ts';

export interface FakeTeam {
  id: number;
  /** The members in the order given (the captain first), each with the `ref` of their link. */
  members: Array<{ id: number; userId: number; referralCode: string }>;
}

/**
 * A team written straight to the database (no invitations, no rate limit) for a fundraiser:
 * its captain first, then the other members, each with a random referral code; override the
 * name. Members are on it from now on.
 */
export async function fakeTeam(orm: MikroORM, fundraiserId: number, captain: User, others: User[] = [], overrides: { name?: string } = {}): Promise<FakeTeam> {
  const em = orm.em.fork();
  const now = new Date();
  const team = em.create(TeamSchema, {
    fundraiser: fundraiserId,
    name: overrides.name ?? `Team ${randomBytes(4).toString('hex')}`,
    description: '',
    goalMinor: null,
    creator: captain.id,
    raisedMinor: 0,
    donationCount: 0,
    removedAt: null,
  });
  await em.flush();
  const members = [];
  for (const [i, user] of [captain, ...others].entries()) {
    const role: TeamRole = i === 0 ? 'CAPTAIN' : 'MEMBER';
    const referralCode = randomBytes(10).toString('base64url');
    const id = (await em.insert(TeamMemberSchema, { team: team.id, user: user.id, role, referralCode, raisedMinor: 0, donationCount: 0, joinedAt: now, leftAt: null })) as number;
    members.push({ id, userId: user.id, referralCode });
  }
  return { id: team.id, members };
}

/**
 * A donation made through the API (through the link `ref`, if given) and settled as
 * succeeded, so that it is credited as a real one is. Answers its id.
 */
export async function succeededDonation(
  orm: MikroORM,
  client: TestClient,
  gift: { fundraiserId: number; amount: string; ref?: string; donorName?: string | null; showAmount?: boolean },
): Promise<number> {
  const { fundraiserId, amount, ref, donorName, showAmount } = gift;
  const answer = await client.post('/api/donations', {
    fundraiserId,
    amount,
    donorEmail: 'giver@example.com',
    ...(ref === undefined ? {} : { ref }),
    ...(donorName === undefined ? {} : { donorName }),
    ...(showAmount === undefined ? {} : { showAmount }),
  });
  if (answer.status !== 201) throw new Error(`donation refused: ${answer.status} ${answer.text}`);
  const id = answer.data.id as number;
  if (!(await settleDonation(orm.em.fork(), id, 'SUCCEEDED'))) throw new Error(`donation ${id} was not settled`);
  return id;
}
