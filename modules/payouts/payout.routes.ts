import { route } from '../../kernel/http/index.ts';
import { currentUser, requireAdmin, requireUser } from '../accounts/index.ts';
import { actorOf } from '../admin/index.ts';
import { findVisible, isoSeconds } from '../fundraisers/index.ts';
import { fromMinor, toMinor } from '../money/index.ts';
import { chapaSignatureValid } from '../payments/index.ts';
import type { Balance } from './payout.balance.ts';
import { accountShown, lastFour, type Payout, type PayoutMethod } from './payout.entity.ts';
import { ApprovalRefused } from './payout.errors.ts';
import type { LedgerView } from './payout.schemas.ts';
import {
  balanceResponse,
  bankResponse,
  chapaApprovalBody,
  chapaApprovalResponse,
  fundraiserParams,
  ledgerResponse,
  payoutListResponse,
  payoutMethodAnswer,
  payoutMethodRequest,
  payoutMethodResponse,
  payoutParams,
  payoutRequest,
  payoutTotalsResponse,
  queueQuery,
  queueResponse,
  payoutResponse,
  rejectRequest,
} from './payout.schemas.ts';
import type { PayoutService } from './payout.service.ts';

/** Where Chapa asks before it releases a transfer (set as the approval URL in its dashboard). */
export const chapaApprovalPath = '/api/payouts/chapa/approval';

const isoOrNull = (date: Date | null | undefined) => (date ? isoSeconds(date) : null);

function balanceView(b: Balance) {
  const text = (minor: number) => fromMinor(minor, b.currency);
  return {
    currency: b.currency,
    raised: text(b.raisedMinor),
    refunded: text(b.refundedMinor),
    paidOut: text(b.paidOutMinor),
    inFlight: text(b.inFlightMinor),
    held: text(b.heldMinor),
    coveredByPlatform: text(b.coveredMinor),
    available: text(b.availableMinor),
  };
}

function methodView(m: PayoutMethod) {
  return { bankCode: m.bankCode, bankName: m.bankName, accountLast4: lastFour(m.accountNumber), accountName: m.accountName, setAt: isoSeconds(m.setAt), heldUntil: isoSeconds(m.heldUntil) };
}

export function payoutView(p: Payout) {
  return {
    id: p.id,
    fundraiserId: p.fundraiser.id,
    amount: fromMinor(p.amountMinor, p.currency),
    currency: p.currency,
    status: p.status,
    account: accountShown(p),
    reason: p.reason ?? null,
    requestedAt: isoSeconds(p.createdAt),
    approvedAt: isoOrNull(p.approvedAt),
    sentAt: isoOrNull(p.sentAt),
    settledAt: isoOrNull(p.settledAt),
  };
}

/** The public ledger as the API answers it and the ledger page shows it. */
export function ledgerView({ balance, gifts, refunds, payouts: sent }: Awaited<ReturnType<PayoutService['ledger']>>): LedgerView {
  const text = (minor: number) => fromMinor(minor, balance.currency);
  const onItsWay = sent.filter((p) => p.status === 'APPROVED' || p.status === 'PROCESSING').reduce((sum, p) => sum + p.amountMinor, 0);
  const day = (d: { day: string; count: number; amountMinor: number }) => ({ day: d.day, count: d.count, amount: text(d.amountMinor) });
  return {
    currency: balance.currency,
    raised: text(balance.raisedMinor),
    refunded: text(balance.refundedMinor),
    withdrawn: text(balance.paidOutMinor),
    onItsWay: text(onItsWay),
    gifts: gifts.map(day),
    refunds: refunds.map(day),
    payouts: sent.map((p) => ({
      id: p.id,
      at: isoSeconds(p.approvedAt ?? p.createdAt),
      amount: text(p.amountMinor),
      status: p.status,
      account: accountShown(p),
      paidAt: p.status === 'PAID' ? isoOrNull(p.settledAt) : null,
    })),
  };
}

export function payoutRoutes(payouts: PayoutService) {
  const tag = 'payouts';
  return [
    route({
      method: 'get',
      path: '/api/fundraisers/:id/balance',
      tag,
      summary: "A fundraiser's money: raised, refunded, paid out, on its way, held, and what can be withdrawn now (its organiser and admins)",
      guard: requireUser,
      params: fundraiserParams,
      response: balanceResponse,
      handler: async ({ params, ctx, user }) => balanceView(await payouts.balance(ctx.state.em, user, params.id)),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id/ledger',
      tag,
      summary: "Where a fundraiser's money went, for anybody: money in by day, refunds, and every approved payout with its status and the account's last four digits",
      params: fundraiserParams,
      response: ledgerResponse,
      handler: async ({ params, ctx }) => ledgerView(await payouts.ledger(ctx.state.em, await findVisible(ctx.state.em, await currentUser(ctx), params.id))),
    }),
    route({
      method: 'get',
      path: '/api/payouts/banks',
      tag,
      summary: 'The banks and wallets birr can be paid out to, from Chapa (kept for an hour)',
      guard: requireUser,
      response: bankResponse,
      handler: async () => ({ banks: await payouts.banks() }),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id/payout-method',
      tag,
      summary: 'Where the money goes, the account shown by its last four digits (its organiser and admins)',
      guard: requireUser,
      params: fundraiserParams,
      response: payoutMethodAnswer,
      handler: async ({ params, ctx, user }) => {
        const method = await payouts.method(ctx.state.em, user, params.id);
        return { method: method ? methodView(method) : null };
      },
    }),
    route({
      method: 'put',
      path: '/api/fundraisers/:id/payout-method',
      tag,
      summary: "Sets the bank account or wallet the money goes to (its organiser); each change starts a 48-hour hold and e-mails the organiser",
      guard: requireUser,
      params: fundraiserParams,
      body: payoutMethodRequest,
      response: payoutMethodResponse,
      handler: async ({ params, body, ctx, user }) => methodView(await payouts.setMethod(ctx.state.em, actorOf(ctx, user), params.id, body)),
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id/payouts',
      tag,
      summary: "A fundraiser's withdrawals, newest first (its organiser and admins)",
      guard: requireUser,
      params: fundraiserParams,
      response: payoutListResponse,
      handler: async ({ params, ctx, user }) => ({ payouts: (await payouts.list(ctx.state.em, user, params.id)).map(payoutView) }),
    }),
    route({
      method: 'post',
      path: '/api/fundraisers/:id/payouts',
      tag,
      summary: 'Asks to withdraw part or all of what is available (its organiser); someone else approves it',
      guard: requireUser,
      params: fundraiserParams,
      body: payoutRequest,
      response: payoutResponse,
      status: 201,
      handler: async ({ params, body, ctx, user }) => {
        // The amount's form was checked; its size is judged against what is available, in the fundraiser's currency (birr).
        const amountMinor = toMinor(body.amount, 'ETB') ?? 0;
        return payoutView(await payouts.request(ctx.state.em, actorOf(ctx, user), params.id, amountMinor));
      },
    }),
    route({
      method: 'post',
      path: '/api/payouts/:id/approve',
      tag,
      summary: 'Approves a withdrawal (an admin; never the person who asked for it); once approved it is sent',
      guard: requireUser,
      params: payoutParams,
      response: payoutResponse,
      handler: async ({ params, ctx, user }) => payoutView(await payouts.approve(ctx.state.em, actorOf(ctx, user), params.id)),
    }),
    route({
      method: 'post',
      path: '/api/payouts/:id/reject',
      tag,
      summary: 'Rejects a withdrawal with a reason the organiser is told (an admin)',
      guard: requireUser,
      params: payoutParams,
      body: rejectRequest,
      response: payoutResponse,
      handler: async ({ params, body, ctx, user }) => payoutView(await payouts.reject(ctx.state.em, actorOf(ctx, user), params.id, body.reason)),
    }),
    route({
      method: 'post',
      path: '/api/payouts/:id/cancel',
      tag,
      summary: 'Takes back a withdrawal nobody has approved yet (its organiser)',
      guard: requireUser,
      params: payoutParams,
      response: payoutResponse,
      handler: async ({ params, ctx, user }) => payoutView(await payouts.cancel(ctx.state.em, actorOf(ctx, user), params.id)),
    }),
    route({
      method: 'get',
      path: '/api/admin/payouts',
      tag,
      summary: 'The payouts queue: waiting for approval, approved, being sent or failed, oldest first, each with why it deserves a second look',
      guard: requireAdmin,
      query: queueQuery,
      response: queueResponse,
      handler: async ({ query, ctx }) => ({
        payouts: (await payouts.queue(ctx.state.em, query.status)).map((q) => ({ ...payoutView(q.payout), fundraiser: q.fundraiser, requestedBy: q.requestedBy, holds: q.holds })),
      }),
    }),
    route({
      method: 'get',
      path: '/api/admin/payouts/totals',
      tag,
      summary: 'What the platform owes fundraisers, what is on its way, what was paid out this month (Addis Ababa) and the refunds it covered, per currency',
      guard: requireAdmin,
      response: payoutTotalsResponse,
      handler: async ({ ctx }) => ({
        totals: (await payouts.totals(ctx.state.em)).map((t) => ({
          currency: t.currency,
          owed: fromMinor(t.owedMinor, t.currency),
          inFlight: fromMinor(t.inFlightMinor, t.currency),
          paidThisMonth: fromMinor(t.paidThisMonthMinor, t.currency),
          coveredByPlatform: fromMinor(t.coveredMinor, t.currency),
        })),
      }),
    }),
  ];
}

/**
 * Chapa's server approval: before it releases a transfer it posts the transfer's details,
 * signed (`Chapa-Signature`, hex HMAC-SHA256 of the raw body with CHAPA_APPROVAL_SECRET);
 * 200 releases it, 400 stops it. Only a payout we approved and sent, for exactly its amount
 * and account, is released.
 */
export function chapaApprovalRoute(payouts: PayoutService, approvalSecret: string | undefined) {
  return route({
    method: 'post',
    path: chapaApprovalPath,
    tag: 'payouts',
    summary: "Chapa's check before it releases a transfer: 200 only for a payout the platform approved, with exactly its amount and account",
    body: chapaApprovalBody,
    response: chapaApprovalResponse,
    handler: async ({ body, ctx }) => {
      const raw = ctx.request.rawBody;
      if (!raw || !chapaSignatureValid(raw, approvalSecret, ctx.get('chapa-signature'))) throw new ApprovalRefused();
      const released = await payouts.mayRelease(ctx.state.em, {
        reference: body.reference,
        amountMinor: toMinor(String(body.amount), 'ETB'),
        bank: body.bank,
        accountNumber: body.account_number,
        accountName: body.account_name,
      });
      if (!released) throw new ApprovalRefused();
      return { approved: true };
    },
  });
}
