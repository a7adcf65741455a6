import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { NotFound, ValidationFailed } from '../../kernel/http/index.ts';
import { disableUser, enableUser, setAdmin, type User } from '../accounts/index.ts';
import { hideWords, removeComment } from '../comments/index.ts';
import { donationWithFundraiser } from '../donations/index.ts';
import { flagTarget, resolveFlags, resolveFlagsOf, type FlagResolution } from '../flags/index.ts';
import { moderateStatus, pauseOwnedBy, resumeFundraisers, setVerified, type beforeSuspension, type FundraiserStatus } from '../fundraisers/index.ts';
import { findOutboxMail, type Mailer } from '../mail/index.ts';
import type { PaymentService, RefundOutcome } from '../payments/index.ts';
import { appendAudit, latestAudit, type Actor } from './admin.audit.ts';
import { FlagActionMismatch, MailNotFailed, MailNotFound, NoReceipt } from './admin.errors.ts';
import { moderationMailKind } from './admin.mails.ts';
import { refundDonation, startRefundRun, type RefundGuard } from './admin.refunds.ts';
import type { resolveFlagRequest } from './admin.schemas.ts';

export interface AdminDependencies {
  payments: PaymentService;
  mailer: Mailer;
  /** Builds the static pages now, even if nothing changed, and serves them. */
  rebuildSite: () => Promise<{ built: boolean }>;
  /** Carries "refund all" runs on at once, rather than at the job's next tick. */
  advanceRefunds: () => void;
  /** The payouts' check that a refund leaves nothing paid out beyond what the fundraiser keeps. */
  refundGuard?: RefundGuard;
}

/** The admin asking (the actor of the audit rows) and the request's log, where a mail not sent at once is reported. */
export interface AdminRequest {
  actor: Actor;
  log: Logger;
}

/** Open fundraisers, and closed ones (a fraud found late is still taken off every page). */
export const suspendable: readonly FundraiserStatus[] = ['ACTIVE', 'PAUSED', 'CLOSED'];

/** A fundraiser's move by an admin: to where, from which statuses, its audit action, and whether its organiser is mailed the reason. */
export interface StatusChange {
  to: FundraiserStatus | typeof beforeSuspension;
  from: readonly FundraiserStatus[];
  action: string;
  mails: boolean;
}

/**
 * What the admins do to fundraisers, donations, people, mail and the site: each action and
 * its audit row in one transaction, and the mail it queued sent after the commit. Refunds are
 * the exception (ADR 0007, admin.refunds.ts).
 */
export interface AdminService {
  setFundraiserStatus(em: EntityManager, by: AdminRequest, fundraiserId: number, change: StatusChange, reason: string): Promise<void>;
  /** Answers how many open reports it closed. */
  resolveFlag(em: EntityManager, by: AdminRequest, flagId: number, input: z.output<typeof resolveFlagRequest>): Promise<number>;
  verifyFundraiser(em: EntityManager, by: AdminRequest, fundraiserId: number, note: string): Promise<void>;
  unverifyFundraiser(em: EntityManager, by: AdminRequest, fundraiserId: number, reason: string): Promise<void>;
  refundAll(em: EntityManager, by: AdminRequest, fundraiserId: number, reason: string): Promise<void>;
  /** `coveredByPlatform`: let a refund through beyond what the fundraiser kept after its payouts, the platform covering it. */
  refund(em: EntityManager, by: AdminRequest, donationId: number, reason: string, coveredByPlatform?: boolean): Promise<RefundOutcome>;
  resendReceipt(em: EntityManager, by: AdminRequest, donationId: number): Promise<void>;
  disableAccount(em: EntityManager, by: AdminRequest, userId: number, reason: string): Promise<User>;
  enableAccount(em: EntityManager, by: AdminRequest, userId: number, reason: string): Promise<User>;
  setAdminRole(em: EntityManager, by: AdminRequest, userId: number, admin: boolean, reason: string): Promise<void>;
  retryMail(em: EntityManager, by: AdminRequest, mailId: number): Promise<void>;
  rebuildSite(em: EntityManager, by: AdminRequest): Promise<{ built: boolean }>;
}

export function createAdminService(deps: AdminDependencies): AdminService {
  /** Runs `act` and its audit row in one transaction, then sends the mail it queued, if any. */
  async function inTransaction<T>(em: EntityManager, by: AdminRequest, act: (tx: EntityManager, actor: Actor) => Promise<{ result: T; mail?: string | null }>): Promise<T> {
    let queued: number | null = null;
    const result = await em.transactional(async (tx) => {
      const done = await act(tx, by.actor);
      if (done.mail) queued = await deps.mailer.enqueue(tx, { kind: moderationMailKind, ref: done.mail });
      return done.result;
    });
    if (queued !== null) {
      const id = queued;
      await deps.mailer.deliverQueued(em.fork(), id).catch((error: unknown) => by.log.error({ err: error, mailId: id }, 'moderation mail not sent yet; queued for retry'));
    }
    return result;
  }

  /** Suspends a fundraiser in `tx`: closes its open reports and queues the organiser's mail. */
  async function suspend(tx: EntityManager, actor: Actor, id: number, reason: string, from: { flagId?: number } = {}) {
    const f = await moderateStatus(tx, id, 'SUSPENDED', suspendable);
    const event = await appendAudit(tx, actor, { action: 'fundraiser.suspend', targetType: 'fundraiser', targetId: id, targetLabel: f.title, reason, data: from.flagId ? { flag: from.flagId } : null });
    await resolveFlagsOf(tx, { targetType: 'FUNDRAISER', targetId: id }, { resolution: 'FUNDRAISER_SUSPENDED', note: reason, by: actor.user.id });
    return String(event);
  }

  return {
    async setFundraiserStatus(em, by, fundraiserId, { to, from, action, mails }, reason) {
      await inTransaction(em, by, async (tx, actor) => {
        if (to === 'SUSPENDED') return { result: null, mail: await suspend(tx, actor, fundraiserId, reason) };
        const f = await moderateStatus(tx, fundraiserId, to, from);
        const event = await appendAudit(tx, actor, { action, targetType: 'fundraiser', targetId: fundraiserId, targetLabel: f.title, reason });
        return { result: null, mail: mails ? String(event) : null };
      });
    },

    async resolveFlag(em, by, flagId, input) {
      const admin = by.actor.user;
      const target = await flagTarget(em, flagId);
      const fits = input.action === 'DISMISS' || (input.action === 'HIDE_COMMENT' ? target.targetType !== 'FUNDRAISER' : target.targetType === 'FUNDRAISER');
      if (!fits) throw new FlagActionMismatch();
      if (input.action !== 'DISMISS' && !input.note) throw new ValidationFailed({ note: { code: 'field.required' } });
      const resolution: Record<typeof input.action, FlagResolution> = { DISMISS: 'DISMISSED', HIDE_COMMENT: 'COMMENT_HIDDEN', SUSPEND_FUNDRAISER: 'FUNDRAISER_SUSPENDED' };
      return inTransaction(em, by, async (tx, actor) => {
        // The reports first: of two moderators at once, the second stops here, before acting.
        const done = await resolveFlags(tx, flagId, { resolution: resolution[input.action], note: input.note ?? null, by: admin.id });
        await appendAudit(tx, actor, {
          action: 'flag.resolve',
          targetType: 'flag',
          targetId: flagId,
          targetLabel: `${target.targetType.toLowerCase()} #${target.targetId}`,
          reason: input.note ?? null,
          data: { action: input.action, reports: done.resolved },
        });
        if (input.action === 'SUSPEND_FUNDRAISER') return { result: done.resolved, mail: await suspend(tx, actor, target.targetId, input.note!, { flagId }) };
        if (input.action === 'HIDE_COMMENT') {
          try {
            if (target.targetType === 'COMMENT') await removeComment(tx, admin, target.targetId, input.note);
            else await hideWords(tx, admin, target.targetId, input.note);
          } catch (error) {
            // Deleted by its author or hidden meanwhile: what the reports asked for is done.
            if (!(error instanceof NotFound)) throw error;
          }
        }
        return { result: done.resolved };
      });
    },

    async verifyFundraiser(em, by, fundraiserId, note) {
      await inTransaction(em, by, async (tx, actor) => {
        const f = await setVerified(tx, fundraiserId, note);
        await appendAudit(tx, actor, { action: 'fundraiser.verify', targetType: 'fundraiser', targetId: fundraiserId, targetLabel: f.title, reason: note });
        return { result: null };
      });
    },

    async unverifyFundraiser(em, by, fundraiserId, reason) {
      await inTransaction(em, by, async (tx, actor) => {
        const f = await setVerified(tx, fundraiserId, null);
        await appendAudit(tx, actor, { action: 'fundraiser.unverify', targetType: 'fundraiser', targetId: fundraiserId, targetLabel: f.title, reason });
        return { result: null };
      });
    },

    async refundAll(em, by, fundraiserId, reason) {
      await startRefundRun(em, by.actor, fundraiserId, reason);
      deps.advanceRefunds();
    },

    refund(em, by, donationId, reason, coveredByPlatform = false) {
      return refundDonation(em, deps.payments, by.actor, donationId, reason, { refundGuard: deps.refundGuard, coveredByPlatform });
    },

    async resendReceipt(em, by, donationId) {
      const donation = await donationWithFundraiser(em, donationId);
      if (!donation) throw new NotFound('donation_not_found');
      if (donation.status !== 'SUCCEEDED') throw new NoReceipt();
      let queued = 0;
      await inTransaction(em, by, async (tx, actor) => {
        queued = await deps.mailer.enqueue(tx, { kind: 'receipt', ref: String(donationId) });
        await appendAudit(tx, actor, { action: 'donation.receipt', targetType: 'donation', targetId: donationId, targetLabel: donation.donorEmail });
        return { result: null };
      });
      await deps.mailer.deliverQueued(em.fork(), queued);
    },

    disableAccount(em, by, userId, reason) {
      return inTransaction(em, by, async (tx, actor) => {
        const user = await disableUser(tx, actor.user, userId, reason);
        const paused = await pauseOwnedBy(tx, userId);
        const event = await appendAudit(tx, actor, { action: 'user.disable', targetType: 'user', targetId: userId, targetLabel: user.email, reason, data: { paused } });
        return { result: user, mail: String(event) };
      });
    },

    enableAccount(em, by, userId, reason) {
      return inTransaction(em, by, async (tx, actor) => {
        const user = await enableUser(tx, actor.user, userId);
        const disabled = await latestAudit(tx, 'user.disable', 'user', userId);
        const paused = (disabled?.data as { paused?: number[] } | null)?.paused ?? [];
        const resumed = await resumeFundraisers(tx, paused);
        const event = await appendAudit(tx, actor, { action: 'user.enable', targetType: 'user', targetId: userId, targetLabel: user.email, reason, data: { resumed } });
        return { result: user, mail: String(event) };
      });
    },

    async setAdminRole(em, by, userId, admin, reason) {
      await inTransaction(em, by, async (tx, actor) => {
        const changed = await setAdmin(tx, actor.user, userId, admin);
        await appendAudit(tx, actor, { action: admin ? 'user.grant_admin' : 'user.revoke_admin', targetType: 'user', targetId: userId, targetLabel: changed.email, reason });
        return { result: null };
      });
    },

    async retryMail(em, by, mailId) {
      const mail = await findOutboxMail(em, mailId);
      if (!mail) throw new MailNotFound();
      if (!(await deps.mailer.retry(em.fork(), mailId))) throw new MailNotFailed();
      await appendAudit(em.fork(), by.actor, { action: 'mail.retry', targetType: 'mail', targetId: mailId, targetLabel: `${mail.to}: ${mail.subject}` });
    },

    async rebuildSite(em, by) {
      await appendAudit(em.fork(), by.actor, { action: 'site.rebuild', targetType: 'site', targetId: null, targetLabel: 'pre-rendered pages' });
      return deps.rebuildSite();
    },
  };
}
