import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import type { AppContext } from '../../kernel/http/index.ts';
import type { User } from '../accounts/index.ts';
import { AuditEventSchema, type AuditEvent } from './audit-event.entity.ts';

/** Who did something, and from where: what every audit row starts with. */
export interface AuditWho {
  /** A person, or for what a provider's word did (Chapa's news of a payout) id 0 and the provider's name. */
  user: Pick<User, 'id' | 'email'>;
  ip: string;
}

/** A person acting through the API. */
export interface Actor extends AuditWho {
  user: User;
}

export const actorOf = (ctx: AppContext, user: User): Actor => ({ user, ip: ctx.state.clientIp });

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: number | null;
  targetLabel: string;
  reason?: string | null | undefined;
  outcome?: 'asked' | 'done' | 'failed';
  data?: Record<string, unknown> | null;
}

/** Appends one row to the audit log with `em`: inside the action's transaction, so both are kept or neither. Answers its id. */
export async function appendAudit(em: EntityManager, actor: AuditWho, entry: AuditEntry): Promise<number> {
  return (await em.insert(AuditEventSchema, {
    at: new Date(),
    actorId: actor.user.id,
    actorEmail: actor.user.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel.slice(0, 255),
    reason: entry.reason ?? null,
    ip: actor.ip.slice(0, 64),
    outcome: entry.outcome ?? 'done',
    data: entry.data ?? null,
  })) as number;
}

export interface AuditSearch {
  actorId?: number | undefined;
  /** An action (`fundraiser.suspend`) or all of a kind (`fundraiser`). */
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  page: number;
  size: number;
}

/** The log, newest first. */
export async function searchAudit(em: EntityManager, search: AuditSearch): Promise<{ events: AuditEvent[]; total: number }> {
  const where: FilterQuery<AuditEvent>[] = [];
  if (search.actorId) where.push({ actorId: search.actorId });
  if (search.action) where.push(search.action.includes('.') ? { action: search.action } : { action: { $like: `${search.action.replace(/[\\%_]/g, (c) => `\\${c}`)}.%` } });
  if (search.targetType) where.push({ targetType: search.targetType });
  if (search.targetId) where.push({ targetId: search.targetId });
  if (search.from) where.push({ at: { $gte: search.from } });
  if (search.to) where.push({ at: { $lt: search.to } });
  const [events, total] = await em.findAndCount(AuditEventSchema, where.length ? { $and: where } : {}, {
    orderBy: { id: 'desc' },
    limit: search.size,
    offset: search.page * search.size,
  });
  return { events, total };
}

export function findAuditEvent(em: EntityManager, id: number): Promise<AuditEvent | null> {
  return em.findOne(AuditEventSchema, { id });
}

/** The latest event of `action` on a target: what a later action reads back (the fundraisers a disable paused). */
export function latestAudit(em: EntityManager, action: string, targetType: string, targetId: number): Promise<AuditEvent | null> {
  return em.findOne(AuditEventSchema, { action, targetType, targetId }, { orderBy: { id: 'desc' } });
}
