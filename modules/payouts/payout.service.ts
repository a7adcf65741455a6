import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { noteChanges } from '../../kernel/changes/index.ts';
import { ValidationFailed } from '../../kernel/http/index.ts';
import type { User } from '../accounts/index.ts';
import { appendAudit, type Actor, type AuditWho } from '../admin/index.ts';
import { moneyInByDay } from '../donations/index.ts';
import { addisDay } from '../../kernel/calendar/index.ts';
import { fundraiserById, fundraiserKeys, keptByCurrency, lockedFundraiser, type Fundraiser } from '../fundraisers/index.ts';
import type { Mailer } from '../mail/index.ts';
import { currencies, fromMinor, type Currency } from '../money/index.ts';
import { ProviderFailed, type BeforeRefundClaim } from '../payments/index.ts';
import { balanceOf, keptMinor, withinKept, type Balance, type PayoutHolds } from './payout.balance.ts';
import { PayoutApprovalSchema, PayoutMethodSchema, PayoutSchema, PlatformCoverSchema, lastFour, publicPayoutStatuses, type Payout, type PayoutMethod, type PayoutStatus, type PublicPayoutStatus, type QueueStatus } from './payout.entity.ts';
import {
  AlreadyApproved,
  ApproverOnly,
  CurrencyUnsupported,
  MethodHeld,
  MethodMissing,
  NotAwaiting,
  OrganiserOnly,
  OverAvailable,
  OwnRequest,
  PayoutNotFound,
  PayoutsFrozen,
  RefundWouldOverdraw,
  TransfersUnavailable,
  WouldOverdraw,
} from './payout.errors.ts';
import { payoutMailKind, type PayoutMailEvent } from './payout.mails.ts';
import type { TransferRail, TransferState } from './transfer.rail.ts';

/** A changed account waits this long before money can be asked for or sent to it. */
export const methodHoldMs = 48 * 60 * 60_000;

export interface PayoutDependencies {
  /** Chapa's transfers, the sandbox, or none (production without Chapa's keys). */
  rail: TransferRail | null;
  mailer: Mailer;
  holds: PayoutHolds;
  /** Above this, in minor units per currency, an admin must be one of the approvers. */
  adminThresholdMinor: Record<Currency, number>;
  logger: Logger;
}

export interface PayoutMethodInput {
  bankCode: string;
  accountNumber: string;
  accountName: string;
}

/** What a provider's word did is recorded as done by the provider, from nowhere in particular. */
const chapaWho: AuditWho = { user: { id: 0, email: 'chapa' }, ip: 'chapa' };

/**
 * What Chapa's word moves a payout to, and from where: news only moves it forward, so a late
 * "success" never undoes a failure or a reversal, and only money that arrived can be reversed.
 */
const settlements: Partial<Record<TransferState, { to: PayoutStatus; from: readonly PayoutStatus[] }>> = {
  paid: { to: 'PAID', from: ['PROCESSING'] },
  failed: { to: 'FAILED', from: ['PROCESSING'] },
  reversed: { to: 'REVERSED', from: ['PROCESSING', 'PAID'] },
};

/** Why an approver should look twice at a payout before saying yes. */
export type HoldReason = 'fundraiser_suspended' | 'account_changed_since_request' | 'above_threshold';


const isOrganiser = (f: Fundraiser, user: User) => f.owner.id === user.id;

export function createPayoutService(deps: PayoutDependencies) {
  const { rail, mailer, holds, logger } = deps;

  /** Runs `act` in one transaction with the mails it queued, and sends them after the commit. */
  async function inTransaction<T>(em: EntityManager, act: (tx: EntityManager, mail: (event: PayoutMailEvent, id: number) => Promise<void>) => Promise<T>): Promise<T> {
    const queued: number[] = [];
    const result = await em.transactional((tx) => act(tx, async (event, id) => void queued.push(await mailer.enqueue(tx, { kind: payoutMailKind, ref: `${event}:${id}` }))));
    for (const id of queued) await mailer.deliverQueued(em.fork(), id).catch((error: unknown) => logger.error({ err: error, mailId: id }, 'payout mail not sent yet; queued for retry'));
    return result;
  }

  async function visibleFundraiser(em: EntityManager, fundraiserId: number, viewer: User): Promise<Fundraiser> {
    const f = await fundraiserById(em, fundraiserId);
    if (!f) throw new PayoutNotFound();
    if (!viewer.admin && !isOrganiser(f, viewer)) throw new OrganiserOnly();
    return f;
  }

  function needRail(): TransferRail {
    if (!rail) throw new TransfersUnavailable();
    return rail;
  }

  async function findPayout(em: EntityManager, id: number): Promise<Payout> {
    const payout = await em.findOne(PayoutSchema, { id }, { disableIdentityMap: true });
    if (!payout) throw new PayoutNotFound();
    return payout;
  }

  /** Moves a payout from one state to the next only if it is still in `from`: of two at once, one moves it. */
  async function move(tx: EntityManager, id: number, from: PayoutStatus | readonly PayoutStatus[], to: PayoutStatus, also: Partial<Payout> = {}): Promise<boolean> {
    const now = new Date();
    const settles = ['PAID', 'FAILED', 'REVERSED', 'REJECTED', 'CANCELLED'].includes(to);
    const changed = await tx.nativeUpdate(
      PayoutSchema,
      { id, status: typeof from === 'string' ? from : { $in: [...from] } },
      { status: to, updatedAt: now, ...(settles ? { settledAt: now } : {}), ...also },
    );
    return changed === 1;
  }

  const audit = (tx: EntityManager, who: AuditWho, payout: Pick<Payout, 'id' | 'amountMinor' | 'currency'>, action: string, extra: { reason?: string | null; data?: Record<string, unknown> } = {}) =>
    appendAudit(tx, who, {
      action: `payout.${action}`,
      targetType: 'payout',
      targetId: payout.id,
      targetLabel: `${fromMinor(payout.amountMinor, payout.currency)} ${payout.currency}`,
      reason: extra.reason ?? null,
      data: extra.data ?? null,
    });

  /**
   * Asks Chapa to pay an APPROVED payout: claimed PROCESSING first, so that one sender sends
   * it; Chapa's refusal fails it (no money moved), and no answer leaves it PROCESSING for the
   * reconciliation, which asks Chapa by its reference before sending again.
   */
  async function send(em: EntityManager, payoutId: number, from: 'APPROVED' | 'PROCESSING' = 'APPROVED'): Promise<void> {
    const transfers = rail;
    if (!transfers) return;
    const fresh = em.fork();
    if (from === 'APPROVED' && !(await move(fresh, payoutId, 'APPROVED', 'PROCESSING', { sentAt: new Date() }))) return;
    const payout = await findPayout(fresh, payoutId);
    try {
      const outcome = await transfers.send({ reference: payout.reference, amountMinor: payout.amountMinor, bankCode: payout.bankCode, accountNumber: payout.accountNumber, accountName: payout.accountName });
      if (outcome.sent) {
        if (outcome.chapaReference) await fresh.nativeUpdate(PayoutSchema, { id: payoutId }, { chapaReference: outcome.chapaReference });
        logger.info({ payoutId, reference: payout.reference }, 'payout sent to Chapa');
        // The sandbox pays at once; Chapa says so later, by its webhook or its verify.
        if (transfers.sandbox) await settle(fresh, payout, 'paid');
        return;
      }
      await settle(fresh, payout, 'failed', outcome.reason);
    } catch (error) {
      if (!(error instanceof ProviderFailed)) throw error;
      logger.warn({ err: error, payoutId }, 'Chapa did not answer a transfer; the reconciliation asks it again');
    }
  }

  /** Records what Chapa says of a transfer, once: each state and its audit row and mail in one transaction. */
  async function settle(em: EntityManager, payout: Payout, state: TransferState, reason: string | null = null): Promise<void> {
    const settlement = settlements[state];
    if (!settlement) return;
    const { to, from } = settlement;
    await inTransaction(em, async (tx, mail) => {
      if (!(await move(tx, payout.id, from, to, reason ? { reason: reason.slice(0, 500) } : {}))) return;
      // The fundraiser page says what was withdrawn, and its ledger lists it: pages kept for visitors are made again.
      await noteChanges(tx, [fundraiserKeys.one(payout.fundraiser.id)]);
      await audit(tx, chapaWho, payout, to.toLowerCase(), { reason });
      await mail(to === 'PAID' ? 'paid' : 'failed', payout.id);
    });
    logger[to === 'PAID' ? 'info' : 'warn']({ payoutId: payout.id, status: to, reason }, 'payout settled');
  }

  /** Asks Chapa how a payout's transfer stands and records it; a transfer Chapa never saw is sent again, with the same reference. */
  async function recheck(em: EntityManager, payout: Payout): Promise<void> {
    const transfers = rail;
    if (!transfers || !['PROCESSING', 'PAID'].includes(payout.status)) return;
    const state = await transfers.state(payout.reference);
    if (state === 'missing') {
      if (payout.status === 'PROCESSING') await send(em, payout.id, 'PROCESSING');
      return;
    }
    await settle(em, payout, state);
  }

  async function banks() {
    try {
      return await needRail().banks();
    } catch (error) {
      if (error instanceof ProviderFailed) throw new TransfersUnavailable();
      throw error;
    }
  }

  return {
    banks,

    async balance(em: EntityManager, viewer: User, fundraiserId: number): Promise<Balance> {
      const f = await visibleFundraiser(em, fundraiserId, viewer);
      return balanceOf(em, f, holds);
    },

    async method(em: EntityManager, viewer: User, fundraiserId: number): Promise<PayoutMethod | null> {
      await visibleFundraiser(em, fundraiserId, viewer);
      return em.findOne(PayoutMethodSchema, { fundraiser: fundraiserId }, { disableIdentityMap: true });
    },

    /** Sets where the money goes; every change starts a fresh 48-hour hold and tells the organiser. */
    async setMethod(em: EntityManager, actor: Actor, fundraiserId: number, input: PayoutMethodInput): Promise<PayoutMethod> {
      const f = await fundraiserById(em, fundraiserId);
      if (!f) throw new PayoutNotFound();
      if (!isOrganiser(f, actor.user)) throw new OrganiserOnly();
      if (f.currency !== 'ETB') throw new CurrencyUnsupported();
      const bank = (await banks()).find((b) => b.code === input.bankCode);
      if (!bank) throw new ValidationFailed({ bankCode: { code: 'field.payout_bank_unknown' } });
      if (input.accountNumber.length !== bank.accountLength) throw new ValidationFailed({ accountNumber: { code: 'field.payout_account_length', params: { length: bank.accountLength } } });
      const now = new Date();
      const values = { bankCode: bank.code, bankName: bank.name.slice(0, 120), accountNumber: input.accountNumber, accountName: input.accountName, setAt: now, heldUntil: new Date(now.getTime() + methodHoldMs) };
      await inTransaction(em, async (tx, mail) => {
        if (!(await lockedFundraiser(tx, fundraiserId))) throw new PayoutNotFound();
        const changed = await tx.nativeUpdate(PayoutMethodSchema, { fundraiser: fundraiserId }, { ...values, setBy: actor.user.id });
        if (changed === 0) await tx.insert(PayoutMethodSchema, { fundraiser: fundraiserId, setBy: actor.user.id, ...values });
        await appendAudit(tx, actor, {
          action: 'payout.method_set',
          targetType: 'fundraiser',
          targetId: fundraiserId,
          targetLabel: f.title,
          data: { bank: bank.name, account: `··${lastFour(input.accountNumber)}`, first: changed === 0 },
        });
        await mail('method', fundraiserId);
      });
      return (await em.findOne(PayoutMethodSchema, { fundraiser: fundraiserId }, { disableIdentityMap: true }))!;
    },

    /**
     * What anybody may see of where a fundraiser's money went: money in by day, refunds by
     * day, and every payout from its approval on (requests, rejections and cancellations stay
     * between the organiser and the approvers), the account by its last four digits. `f` is
     * the fundraiser as the caller found it visible to its viewer (findVisible).
     */
    async ledger(em: EntityManager, f: Pick<Fundraiser, 'id' | 'currency'>) {
      const b = await balanceOf(em, f, holds);
      const days = await moneyInByDay(em, f.id);
      const payouts = await em.find(PayoutSchema, { fundraiser: f.id, status: { $in: [...publicPayoutStatuses] } }, { orderBy: { id: 'desc' }, limit: 500, disableIdentityMap: true });
      return { balance: b, ...days, payouts: payouts as (Payout & { status: PublicPayoutStatus })[] };
    },

    /**
     * The admins' queue: payouts waiting for a yes, being sent, or failed, oldest first, each
     * with what should make an approver look twice (why it is held).
     */
    async queue(em: EntityManager, status: QueueStatus) {
      const rows = await em.find(PayoutSchema, { status }, { orderBy: { id: 'asc' }, limit: 200, populate: ['fundraiser', 'requestedBy'], disableIdentityMap: true });
      const methods = new Map(
        (await em.find(PayoutMethodSchema, { fundraiser: { $in: [...new Set(rows.map((p) => p.fundraiser.id))] } }, { disableIdentityMap: true })).map((m) => [m.fundraiser.id, m]),
      );
      return rows.map((p) => {
        const holds: HoldReason[] = [];
        if (p.fundraiser.status === 'SUSPENDED') holds.push('fundraiser_suspended');
        const method = methods.get(p.fundraiser.id);
        // Not before: no request is made within 48 hours of a change (and MySQL keeps whole seconds).
        if (method && method.setAt >= p.createdAt) holds.push('account_changed_since_request');
        if (p.amountMinor > deps.adminThresholdMinor[p.currency]) holds.push('above_threshold');
        return { payout: p, fundraiser: { id: p.fundraiser.id, title: p.fundraiser.title, status: p.fundraiser.status }, requestedBy: { id: p.requestedBy.id, email: p.requestedBy.email }, holds };
      });
    },

    /**
     * The dashboard's sums per currency: owed to fundraisers (what they kept, plus what the
     * platform covered, less what was paid out), in flight, paid this Addis Ababa month, and
     * refunds the platform covered.
     */
    async totals(em: EntityManager, now = new Date()) {
      const monthStart = new Date(`${addisDay(now).slice(0, 8)}01T00:00:00+03:00`);
      const kept = await keptByCurrency(em);
      const sums = (await em
        .getConnection()
        .execute(
          "select `currency`, coalesce(sum(case when `status` = 'PAID' then `amount_minor` else 0 end), 0) as `paid`, coalesce(sum(case when `status` in ('REQUESTED', 'APPROVED', 'PROCESSING') then `amount_minor` else 0 end), 0) as `flying`, coalesce(sum(case when `status` = 'PAID' and `settled_at` >= ? then `amount_minor` else 0 end), 0) as `month` from `payout` group by `currency`",
          [em.getPlatform().processDateProperty(monthStart)],
          'all',
        )) as { currency: Currency; paid: number | string; flying: number | string; month: number | string }[];
      const covers = (await em.getConnection().execute('select `currency`, coalesce(sum(`amount_minor`), 0) as `covered` from `platform_cover` group by `currency`', [], 'all')) as { currency: Currency; covered: number | string }[];
      return currencies.map((currency) => {
        const row = sums.find((r) => r.currency === currency);
        const coveredMinor = Number(covers.find((r) => r.currency === currency)?.covered ?? 0);
        const paidMinor = Number(row?.paid ?? 0);
        return {
          currency,
          owedMinor: (kept.get(currency) ?? 0) + coveredMinor - paidMinor,
          inFlightMinor: Number(row?.flying ?? 0),
          paidThisMonthMinor: Number(row?.month ?? 0),
          coveredMinor,
        };
      });
    },

    /** What was paid to the beneficiary's account: the one figure the fundraiser page shows, in one statement. */
    async withdrawnMinor(em: EntityManager, fundraiserId: number): Promise<number> {
      const [row] = (await em
        .getConnection()
        .execute("select coalesce(sum(`amount_minor`), 0) as `paid` from `payout` where `fundraiser_id` = ? and `status` = 'PAID'", [fundraiserId], 'all')) as { paid: number | string }[];
      return Number(row?.paid ?? 0);
    },

    /** Lists a fundraiser's payouts, newest first. */
    async list(em: EntityManager, viewer: User, fundraiserId: number): Promise<Payout[]> {
      await visibleFundraiser(em, fundraiserId, viewer);
      return em.find(PayoutSchema, { fundraiser: fundraiserId }, { orderBy: { id: 'desc' }, limit: 100, disableIdentityMap: true });
    },

    /**
     * The organiser asks for `amountMinor` of what is available. Under the fundraiser's money
     * lock, so two requests at once (or a request and a refund) are judged one after the other;
     * the request holds its amount back at once (`inFlight`).
     */
    async request(em: EntityManager, actor: Actor, fundraiserId: number, amountMinor: number): Promise<Payout> {
      const id = await inTransaction(em, async (tx, mail) => {
        const f = await lockedFundraiser(tx, fundraiserId);
        if (!f) throw new PayoutNotFound();
        if (!isOrganiser(f, actor.user)) throw new OrganiserOnly();
        if (f.status === 'SUSPENDED') throw new PayoutsFrozen();
        if (f.currency !== 'ETB') throw new CurrencyUnsupported();
        needRail();
        const method = await tx.findOne(PayoutMethodSchema, { fundraiser: fundraiserId }, { disableIdentityMap: true });
        if (!method) throw new MethodMissing();
        const waitMs = method.heldUntil.getTime() - Date.now();
        if (waitMs > 0) throw new MethodHeld(Math.ceil(waitMs / 3_600_000));
        const balance = await balanceOf(tx, f, holds);
        if (amountMinor > balance.availableMinor) throw new OverAvailable(fromMinor(balance.availableMinor, f.currency), f.currency);
        const now = new Date();
        const payoutId = (await tx.insert(PayoutSchema, {
          fundraiser: fundraiserId,
          createdAt: now,
          updatedAt: now,
          currency: f.currency,
          amountMinor,
          status: 'REQUESTED',
          requestedBy: actor.user.id,
          reference: `po-${randomBytes(12).toString('base64url')}`,
          bankCode: method.bankCode,
          bankName: method.bankName,
          accountNumber: method.accountNumber,
          accountName: method.accountName,
        })) as number;
        await audit(tx, actor, { id: payoutId, amountMinor, currency: f.currency }, 'request', { data: { fundraiser: fundraiserId } });
        await mail('requested', payoutId);
        return payoutId;
      });
      return findPayout(em, id);
    },

    /**
     * One person's yes. Never the requester's; an admin's, and above the threshold an admin
     * must be among those who said yes. The payout is APPROVED, then sent, once enough have.
     */
    async approve(em: EntityManager, actor: Actor, payoutId: number): Promise<Payout> {
      if (!actor.user.admin) throw new ApproverOnly();
      const before = await findPayout(em, payoutId);
      if (before.requestedBy.id === actor.user.id) throw new OwnRequest();
      const approved = await inTransaction(em, async (tx, mail) => {
        const f = await lockedFundraiser(tx, before.fundraiser.id);
        const payout = await findPayout(tx, payoutId);
        if (payout.status !== 'REQUESTED') throw new NotAwaiting();
        if (!f || f.status === 'SUSPENDED') throw new PayoutsFrozen();
        if (await tx.count(PayoutApprovalSchema, { payout: payoutId, approver: actor.user.id })) throw new AlreadyApproved();
        await tx.insert(PayoutApprovalSchema, { payout: payoutId, approver: actor.user.id, asAdmin: actor.user.admin, at: new Date() });
        const approvals = await tx.find(PayoutApprovalSchema, { payout: payoutId }, { disableIdentityMap: true });
        const enough = approvals.some((a) => a.asAdmin) || (approvals.length > 0 && payout.amountMinor <= deps.adminThresholdMinor[payout.currency]);
        await audit(tx, actor, payout, 'approve', { data: { approvals: approvals.length, enough } });
        if (!enough) return false;
        if (!withinKept(await balanceOf(tx, f, holds))) throw new WouldOverdraw();
        if (!(await move(tx, payoutId, 'REQUESTED', 'APPROVED', { approvedAt: new Date() }))) throw new NotAwaiting();
        await noteChanges(tx, [fundraiserKeys.one(payout.fundraiser.id)]);
        await mail('approved', payoutId);
        return true;
      });
      if (approved) await send(em, payoutId);
      return findPayout(em, payoutId);
    },

    async reject(em: EntityManager, actor: Actor, payoutId: number, reason: string): Promise<Payout> {
      if (!actor.user.admin) throw new ApproverOnly();
      await inTransaction(em, async (tx, mail) => {
        const payout = await findPayout(tx, payoutId);
        if (!(await move(tx, payoutId, 'REQUESTED', 'REJECTED', { reason: reason.slice(0, 500) }))) throw new NotAwaiting();
        await audit(tx, actor, payout, 'reject', { reason });
        await mail('rejected', payoutId);
      });
      return findPayout(em, payoutId);
    },

    /** The organiser takes back a request nobody has approved yet. */
    async cancel(em: EntityManager, actor: Actor, payoutId: number): Promise<Payout> {
      const payout = await findPayout(em, payoutId);
      const f = await fundraiserById(em, payout.fundraiser.id);
      if (!f || !isOrganiser(f, actor.user)) throw new OrganiserOnly();
      await inTransaction(em, async (tx) => {
        if (!(await move(tx, payoutId, 'REQUESTED', 'CANCELLED'))) throw new NotAwaiting();
        await audit(tx, actor, payout, 'cancel');
      });
      return findPayout(em, payoutId);
    },

    /**
     * The check a whole refund passes in the transaction that claims it, under the fundraiser's
     * money lock (so that it and a payout decision are judged one after the other): refused
     * when what was paid out or is on its way would be more than the fundraiser keeps after it,
     * unless an admin lets the platform cover the shortfall, which is recorded (once per gift).
     */
    refundGuard(cover: { userId: number } | null): BeforeRefundClaim {
      return async (tx, donation) => {
        const f = await lockedFundraiser(tx, donation.fundraiserId);
        if (!f) return;
        const b = await balanceOf(tx, f, holds);
        const shortfall = b.paidOutMinor + b.inFlightMinor - (keptMinor(b) - donation.amountMinor);
        if (shortfall <= 0) return;
        if (!cover) throw new RefundWouldOverdraw(fromMinor(b.paidOutMinor + b.inFlightMinor, f.currency), f.currency);
        if (await tx.count(PlatformCoverSchema, { donationId: donation.id })) return;
        await tx.insert(PlatformCoverSchema, { fundraiser: f.id, donationId: donation.id, currency: f.currency, amountMinor: shortfall, coveredBy: cover.userId, at: new Date() });
        logger.warn({ fundraiserId: f.id, donationId: donation.id, shortfallMinor: shortfall }, 'a refund beyond what the fundraiser kept, covered by the platform');
      };
    },

    /** Chapa's webhook about a transfer: only says when to ask; its verify decides. Unknown references are nobody's. */
    async transferNews(em: EntityManager, reference: string): Promise<void> {
      const payout = await em.findOne(PayoutSchema, { reference }, { disableIdentityMap: true });
      if (payout) await recheck(em, payout);
    },

    /**
     * Whether Chapa may release a transfer it was asked for: only a payout we approved and
     * sent, for exactly its amount and account.
     */
    async mayRelease(em: EntityManager, asked: { reference: string; amountMinor: number | null; bank: string; accountNumber: string; accountName: string }): Promise<boolean> {
      const payout = await em.findOne(PayoutSchema, { reference: asked.reference }, { disableIdentityMap: true });
      const matches =
        !!payout &&
        payout.status === 'PROCESSING' &&
        payout.amountMinor === asked.amountMinor &&
        payout.accountNumber === asked.accountNumber &&
        payout.accountName === asked.accountName &&
        payout.bankCode === asked.bank;
      if (!matches) logger.warn({ reference: asked.reference.slice(0, 80), known: !!payout, status: payout?.status ?? null }, "Chapa asked to release a transfer we do not stand behind; refused");
      return matches;
    },

    /**
     * For payouts left between two states: APPROVED ones not sent (the process stopped after
     * the commit) are sent; PROCESSING ones are asked about. Answers how many it looked at.
     */
    async reconcile(em: EntityManager, olderThanMs = 60_000): Promise<number> {
      const before = new Date(Date.now() - olderThanMs);
      const stuck = await em.find(PayoutSchema, { status: { $in: ['APPROVED', 'PROCESSING'] }, updatedAt: { $lt: before } }, { orderBy: { id: 'asc' }, limit: 100, disableIdentityMap: true });
      for (const payout of stuck) {
        try {
          if (payout.status === 'APPROVED') await send(em, payout.id);
          else await recheck(em, payout);
          // Touched, so that one Chapa cannot keep the rest waiting: the next round comes back to it.
          await em.fork().nativeUpdate(PayoutSchema, { id: payout.id, status: 'PROCESSING' }, { updatedAt: new Date() });
        } catch (error) {
          logger.warn({ err: error, payoutId: payout.id }, 'could not reconcile a payout; will try again');
        }
      }
      return stuck.length;
    },
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
