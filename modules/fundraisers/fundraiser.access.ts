import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import type { Fundraiser } from './fundraiser.entity.ts';

/**
 * Who manages a fundraiser: its organiser and admins (CONTEXT.md). The one place this rule
 * lives; the API tells the site the answer (`viewerCanManage`) rather than the site asking it again.
 */
export function mayManage(f: Fundraiser, viewer: User | null): viewer is User {
  return !!viewer && (viewer.admin || f.owner.id === viewer.id);
}

/**
 * Whether a user helps the organiser run a fundraiser (the teams module's CO_ORGANISER, handed
 * in by the composition root, as this module may not know of teams).
 */
export type CoOrganisers = (em: EntityManager, fundraiserId: number, userId: number) => Promise<boolean>;

/** Nobody but the organiser and admins, where the app runs without teams. */
export const noCoOrganisers: CoOrganisers = async () => false;

/**
 * Who may post updates and hide what others wrote: those who manage it, and its co-organisers
 * while it is not suspended (under review it is the moderators' alone). Never money, status or
 * deletion: those stay with `mayManage`.
 */
export async function mayModerate(em: EntityManager, f: Fundraiser, viewer: User | null, coOrganisers: CoOrganisers): Promise<boolean> {
  if (!viewer) return false;
  const userId = viewer.id;
  if (mayManage(f, viewer)) return true;
  return f.status !== 'SUSPENDED' && (await coOrganisers(em, f.id, userId));
}
