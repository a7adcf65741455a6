import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import { fundraiserById, fundraiserIdsOwnedBy, mayModerate } from '../fundraisers/index.ts';
import { isCoOrganiser } from '../teams/index.ts';
import { ReportFundraiserNotFound, ReportNotAllowed } from './report.errors.ts';
import type { ReportScope } from './report.service.ts';

/**
 * A fundraiser's report is for those who run it: its organiser, its co-organisers (while it
 * is not suspended) and admins. Anybody else signed in gets 403, as does a member.
 */
export async function fundraiserScope(em: EntityManager, user: User, fundraiserId: number): Promise<ReportScope> {
  const f = await fundraiserById(em, fundraiserId);
  if (!f) throw new ReportFundraiserNotFound();
  if (!(await mayModerate(em, f, user, isCoOrganiser))) {
    // A suspended fundraiser is not found by anybody who cannot see it, as on its own page.
    throw f.status === 'SUSPENDED' && f.owner.id !== user.id ? new ReportFundraiserNotFound() : new ReportNotAllowed();
  }
  return {
    fundraiserIds: [f.id],
    fundraiser: { id: f.id, title: f.title, status: f.status, goalMinor: f.goalMinor, raisedMinor: f.raisedMinor, donationCount: f.donationCount, currency: f.currency, createdAt: f.createdAt },
  };
}

/** "My reports": every fundraiser the user organises, whatever its state. */
export async function ownerScope(em: EntityManager, user: User): Promise<ReportScope> {
  return { fundraiserIds: await fundraiserIdsOwnedBy(em, user.id) };
}

export const platformScope: ReportScope = { fundraiserIds: null, platform: true };
