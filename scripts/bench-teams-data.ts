/**
 * For npm run bench:pages: two fundraisers alike in every way but one, so that their pages'
 * figures compare the cost of the teams alone. Both copy the newest demo fundraiser open for
 * donations (no photos, donations or comments of their own); one has 20 teams of 50 members
 * each, with totals as credited donations would leave them.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { UserSchema } from '../modules/accounts/index.ts';
import { FundraiserSchema } from '../modules/fundraisers/index.ts';
import { TeamMemberSchema, TeamSchema } from '../modules/teams/index.ts';

export const teamsShape = { teams: 20, members: 50 } as const;

export async function seedTwinFundraisers(em: EntityManager): Promise<{ plain: number; teams: number }> {
  const model = await em.findOneOrFail(FundraiserSchema, { status: 'ACTIVE' }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const twin = (label: string) =>
    em.insert(FundraiserSchema, {
      title: `${model.title} (${label})`,
      description: model.description,
      beneficiaryName: model.beneficiaryName,
      owner: model.owner.id,
      category: model.category.id,
      location: model.location.id,
      currency: model.currency,
      goalMinor: model.goalMinor,
      raisedMinor: 0,
      donationCount: 0,
      status: 'ACTIVE',
      teamsOpen: true,
      // A day older than their model, which stays the newest: the page the other figures are of.
      createdAt: new Date(model.createdAt.getTime() - 24 * 60 * 60_000),
      updatedAt: model.updatedAt,
    });
  const plain = Number(await twin('without teams'));
  const teams = Number(await twin('with teams'));
  const now = new Date();
  const people = Array.from({ length: teamsShape.teams * teamsShape.members }, (_, i) => ({
    email: `bench.member.${i}@example.com`,
    firstName: ['Abebe', 'Tigist', 'Hana', 'Dawit', 'ሳሙኤል', 'ብርሃኑ'][i % 6]!,
    lastName: `Member ${i}`,
    language: 'en' as const,
    commentEmails: false,
    admin: false,
    emailVerifiedAt: now,
    createdAt: now,
    updatedAt: now,
  }));
  await em.insertMany(UserSchema, people);
  const users = await em.find(UserSchema, { email: { $like: 'bench.member.%' } }, { fields: ['id'], orderBy: { id: 'asc' } });
  for (let t = 0; t < teamsShape.teams; t += 1) {
    const members = users.slice(t * teamsShape.members, (t + 1) * teamsShape.members);
    // Each member has raised something, unevenly, so that ranking has work to do.
    const raised = members.map((_, m) => ((t * 37 + m * 53) % 97) * 1000);
    const teamId = Number(
      await em.insert(TeamSchema, {
        fundraiser: teams,
        name: `Team ${t + 1} of ${teamsShape.teams}`,
        description: '',
        goalMinor: 5_000_000,
        creator: members[0]!.id,
        raisedMinor: raised.reduce((a, b) => a + b, 0),
        donationCount: raised.filter((r) => r > 0).length,
        removedAt: null,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await em.insertMany(
      TeamMemberSchema,
      members.map((user, m) => ({
        team: teamId,
        user: user.id,
        role: m === 0 ? ('CAPTAIN' as const) : ('MEMBER' as const),
        referralCode: randomBytes(10).toString('base64url'),
        raisedMinor: raised[m]!,
        donationCount: raised[m]! > 0 ? 1 : 0,
        joinedAt: now,
        leftAt: null,
      })),
    );
  }
  return { plain, teams };
}
