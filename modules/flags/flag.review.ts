import type { EntityManager } from '@mikro-orm/core';
import { Conflict, NotFound } from '../../kernel/http/index.ts';
import { dateFromDb } from '../../kernel/db/index.ts';
import { FlagSchema, flagReasons, type Flag, type FlagReason, type FlagResolution, type FlagTargetType } from './flag.entity.ts';

export class FlagNotFound extends NotFound {
  constructor() {
    super('flag_not_found');
  }
}

/** Another moderator resolved these reports a moment ago. */
export class FlagAlreadyResolved extends Conflict {
  constructor() {
    super('flag_resolved');
  }
}

/** Every open report of one target, as the review queue shows it. */
export interface FlagGroup {
  /** The oldest open report's id: what resolving the group names. */
  id: number;
  targetType: FlagTargetType;
  targetId: number;
  count: number;
  reasons: Record<FlagReason, number>;
  firstAt: Date;
  lastAt: Date;
  /** The latest few reports, with what their reporters wrote. */
  latest: Flag[];
}

const shownPerGroup = 5;

/**
 * The open reports grouped by target, the target reported longest ago first (a burst of
 * reports of one thing is one item, however many came). Aggregated by the database: the
 * queue may be long when a fundraiser is brigaded.
 */
export async function openFlagGroups(em: EntityManager, paging: { page: number; size: number }): Promise<{ groups: FlagGroup[]; total: number }> {
  const connection = em.getConnection();
  const reasonSums = flagReasons.map((r) => `sum(case when \`reason\` = '${r}' then 1 else 0 end) as \`${r.toLowerCase()}\``).join(', ');
  const rows = await connection.execute<Array<Record<string, unknown>>>(
    `select \`target_type\`, \`target_id\`, min(\`id\`) as \`id\`, count(*) as \`n\`, min(\`created_at\`) as \`first_at\`, max(\`created_at\`) as \`last_at\`, ${reasonSums}
     from \`flag\` where \`status\` = 'OPEN' group by \`target_type\`, \`target_id\` order by min(\`created_at\`), min(\`id\`) limit ? offset ?`,
    [paging.size, paging.page * paging.size],
  );
  const latest = rows.length
    ? await em.find(
        FlagSchema,
        { status: 'OPEN', $or: rows.map((r: Record<string, unknown>) => ({ targetType: r.target_type as FlagTargetType, targetId: Number(r.target_id) })) },
        { orderBy: { id: 'desc' } },
      )
    : [];
  const groups = rows.map((r: Record<string, unknown>): FlagGroup => {
    const targetType = r.target_type as FlagTargetType;
    const targetId = Number(r.target_id);
    return {
      id: Number(r.id),
      targetType,
      targetId,
      count: Number(r.n),
      reasons: Object.fromEntries(flagReasons.map((reason) => [reason, Number(r[reason.toLowerCase()] ?? 0)])) as Record<FlagReason, number>,
      firstAt: dateFromDb(r.first_at),
      lastAt: dateFromDb(r.last_at),
      latest: latest.filter((f) => f.targetType === targetType && f.targetId === targetId).slice(0, shownPerGroup),
    };
  });
  return { groups, total: await openFlagTargets(em) };
}

/** How many targets wait in the review queue. */
export async function openFlagTargets(em: EntityManager): Promise<number> {
  const [counted] = await em
    .getConnection()
    .execute<Array<{ n: number | string }>>("select count(*) as `n` from (select 1 as `one` from `flag` where `status` = 'OPEN' group by `target_type`, `target_id`) `groups`");
  return Number(counted?.n ?? 0);
}

/** The target a report names, for the moderator about to resolve it. */
export async function flagTarget(em: EntityManager, flagId: number): Promise<{ targetType: FlagTargetType; targetId: number }> {
  const flag = await em.findOne(FlagSchema, { id: flagId }, { fields: ['targetType', 'targetId'] });
  if (!flag) throw new FlagNotFound();
  return { targetType: flag.targetType, targetId: flag.targetId };
}

/**
 * Resolves every open report of the target `flagId` names, in the caller's transaction: one
 * conditional update, so of two moderators resolving it at once one does and the other gets
 * 409 (and, as its transaction rolls back, does nothing of its action). Answers how many.
 */
export async function resolveFlags(
  tx: EntityManager,
  flagId: number,
  resolution: { resolution: FlagResolution; note: string | null; by: number },
): Promise<{ targetType: FlagTargetType; targetId: number; resolved: number }> {
  const target = await flagTarget(tx, flagId);
  const resolved = await tx.nativeUpdate(
    FlagSchema,
    { ...target, status: 'OPEN' },
    { status: 'RESOLVED', resolution: resolution.resolution, resolutionNote: resolution.note, resolvedBy: resolution.by, resolvedAt: new Date() },
  );
  if (resolved === 0) throw new FlagAlreadyResolved();
  return { ...target, resolved };
}

/**
 * Closes the open reports of a target an admin has just dealt with by other means (suspended
 * the fundraiser from its own screen): they would otherwise wait in the queue for nothing.
 */
export function resolveFlagsOf(tx: EntityManager, target: { targetType: FlagTargetType; targetId: number }, resolution: { resolution: FlagResolution; note: string | null; by: number }): Promise<number> {
  return tx.nativeUpdate(
    FlagSchema,
    { ...target, status: 'OPEN' },
    { status: 'RESOLVED', resolution: resolution.resolution, resolutionNote: resolution.note, resolvedBy: resolution.by, resolvedAt: new Date() },
  );
}

/** Open reports of one target. */
export function openFlagsOf(em: EntityManager, target: { targetType: FlagTargetType; targetId: number }): Promise<number> {
  return em.count(FlagSchema, { ...target, status: 'OPEN' });
}
