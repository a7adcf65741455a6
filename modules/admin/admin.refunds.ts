import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { AppError, NotFound } from '../../kernel/http/index.ts';
import { donationWithFundraiser, paidDonationIds } from '../donations/index.ts';
import { fundraiserWithOrganiser } from '../fundraisers/index.ts';
import type { Job } from '../jobs/index.ts';
import type { BeforeRefundClaim, PaymentService, RefundOutcome } from '../payments/index.ts';
import { appendAudit, type Actor } from './admin.audit.ts';
import { RefundAllNeedsSuspension, RefundRunRunning } from './admin.errors.ts';
import { RefundRunSchema, type RefundRun } from './refund-run.entity.ts';

/**
 * The payouts' check a whole refund passes as it is claimed (nothing paid out beyond what is
 * kept), handed in by the composition root; `cover` names the admin who lets the platform
 * cover a shortfall, null to refuse one.
 */
export type RefundGuard = (cover: { userId: number } | null) => BeforeRefundClaim;

/**
 * Gives a donation back whole through its provider (payments' `refund`: claimed once, so
 * asking twice or at once refunds once). Money leaves where no rollback reaches, so the audit
 * log has the request before it goes ("asked") and its outcome after ("done" or "failed"),
 * each in a transaction of its own (ADR 0007).
 */
export async function refundDonation(
  em: EntityManager,
  payments: PaymentService,
  actor: Actor,
  donationId: number,
  reason: string,
  guard: { refundGuard: RefundGuard | undefined; coveredByPlatform: boolean },
): Promise<RefundOutcome> {
  const donation = await donationWithFundraiser(em, donationId);
  if (!donation) throw new NotFound('donation_not_found');
  const target = { targetType: 'donation', targetId: donationId, targetLabel: `${donation.donorEmail} → ${donation.fundraiser.title}`, reason };
  const asked = await appendAudit(em.fork(), actor, { ...target, action: 'donation.refund', outcome: 'asked', data: guard.coveredByPlatform ? { coveredByPlatform: true } : null });
  try {
    const outcome = await payments.refund(em.fork(), donationId, undefined, guard.refundGuard?.(guard.coveredByPlatform ? { userId: actor.user.id } : null));
    await appendAudit(em.fork(), actor, { ...target, action: 'donation.refund', outcome: 'done', data: { asked, refundId: outcome.refundId } });
    return outcome;
  } catch (error) {
    await appendAudit(em.fork(), actor, { ...target, action: 'donation.refund', outcome: 'failed', data: { asked, refusal: error instanceof AppError ? error.code : String(error) } });
    throw error;
  }
}

/** Starts "refund all" of a suspended fundraiser: one run at a time per fundraiser. */
export async function startRefundRun(em: EntityManager, actor: Actor, fundraiserId: number, reason: string): Promise<RefundRun> {
  const f = await fundraiserWithOrganiser(em, fundraiserId);
  if (!f) throw new NotFound('fundraiser_not_found');
  if (f.status !== 'SUSPENDED') throw new RefundAllNeedsSuspension();
  try {
    return await em.transactional(async (tx) => {
      const id = (await tx.insert(RefundRunSchema, {
        fundraiserId,
        requestedBy: actor.user.id,
        reason,
        status: 'RUNNING',
        openMarker: 1,
        cursor: 0,
        refunded: 0,
        failed: 0,
        lastError: null,
        createdAt: new Date(),
        finishedAt: null,
      })) as number;
      await appendAudit(tx, actor, { action: 'fundraiser.refund_all', targetType: 'fundraiser', targetId: fundraiserId, targetLabel: f.title, reason, data: { run: id } });
      return tx.findOneOrFail(RefundRunSchema, { id });
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new RefundRunRunning();
    throw error;
  }
}

/** The fundraiser's latest "refund all", if any. */
export function latestRefundRun(em: EntityManager, fundraiserId: number): Promise<RefundRun | null> {
  return em.findOne(RefundRunSchema, { fundraiserId }, { orderBy: { id: 'desc' } });
}

/** How many donations a run refunds before it lets the job's lock go and the next tick carry on. */
const donationsPerTick = 200;

/**
 * Carries every running "refund all" on, donation by donation, from where it stopped. A
 * donation already refunded (by an admin, by the provider's webhook, or by this run before a
 * crash) is no longer refundable and is passed over; one whose refund another request holds
 * (or a crashed process left claimed) stops the run until the reconciliation settles it, so
 * nothing is refunded twice and nothing is skipped. A refusal by the provider is counted
 * and passed: that donation stays counted, for a person to look at.
 */
export async function advanceRefundRuns(em: EntityManager, payments: PaymentService, log: Logger, refundGuard?: RefundGuard): Promise<{ refunded: number; runs: number }> {
  const runs = await em.find(RefundRunSchema, { status: 'RUNNING' }, { orderBy: { id: 'asc' } });
  let refunded = 0;
  let budget = donationsPerTick;
  for (const run of runs) {
    let cursor = run.cursor;
    let finished = false;
    while (budget > 0) {
      const ids = await paidDonationIds(em.fork(), run.fundraiserId, cursor, Math.min(budget, 20));
      if (!ids.length) {
        finished = true;
        break;
      }
      let blocked = false;
      for (const id of ids) {
        budget -= 1;
        let step: { refunded?: number; failed?: number; lastError?: string } = {};
        try {
          // "Refund all" is an admin's decision to give every donor back: what was paid out already, the platform covers.
          await payments.refund(em.fork(), id, undefined, refundGuard?.({ userId: run.requestedBy }));
          step = { refunded: 1 };
          refunded += 1;
        } catch (error) {
          const code = error instanceof AppError ? error.code : String(error);
          if (code === 'refund_in_progress') {
            blocked = true;
            break;
          }
          if (code !== 'donation_not_refundable') {
            log.warn({ err: error, donationId: id, run: run.id }, 'refund all: a donation was not refunded');
            step = { failed: 1, lastError: `#${id}: ${code}`.slice(0, 255) };
          }
        }
        cursor = id;
        await em.fork().nativeUpdate(RefundRunSchema, { id: run.id }, {
          cursor,
          ...(step.refunded ? { refunded: run.refunded + 1 } : {}),
          ...(step.failed ? { failed: run.failed + 1, lastError: step.lastError } : {}),
        });
        if (step.refunded) run.refunded += 1;
        if (step.failed) run.failed += 1;
      }
      if (blocked) break;
    }
    if (finished) await em.fork().nativeUpdate(RefundRunSchema, { id: run.id, status: 'RUNNING' }, { status: 'DONE', openMarker: null, finishedAt: new Date() });
    if (budget <= 0) break;
  }
  return { refunded, runs: runs.length };
}

/** Every minute: carries "refund all" runs on, including those a restart interrupted. */
export function refundRunsJob(payments: PaymentService, refundGuard?: RefundGuard): Job {
  return {
    name: 'refund-runs',
    schedule: '* * * * *',
    lockMs: 15 * 60_000,
    async run(em, log) {
      const { refunded, runs } = await advanceRefundRuns(em, payments, log, refundGuard);
      return `${runs} run(s), ${refunded} donation(s) refunded`;
    },
  };
}
