import type { EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import { commentForReview } from '../comments/index.ts';
import { wordsForReview, type Donation } from '../donations/index.ts';
import type { FlagGroup } from '../flags/index.ts';
import { displayName, fundraiserWithOrganiser, type Fundraiser } from '../fundraisers/index.ts';
import type { OutboxEntry } from '../mail/index.ts';
import { fromMinor } from '../money/index.ts';
import type { Payment } from '../payments/index.ts';
import type { SiteBuild } from '../site-builds/index.ts';
import type { AuditEvent } from './audit-event.entity.ts';
import type { RefundRun } from './refund-run.entity.ts';
import type { AdminDonationView, AdminFundraiserView, AdminUserView } from './admin.schemas.ts';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);

export function adminFundraiserView(f: Fundraiser): AdminFundraiserView {
  return {
    id: f.id,
    title: f.title,
    status: f.status,
    currency: f.currency,
    raisedAmount: fromMinor(f.raisedMinor, f.currency),
    goalAmount: fromMinor(f.goalMinor, f.currency),
    donationCount: f.donationCount,
    verified: f.verifiedAt && f.verifiedNote ? { at: f.verifiedAt.toISOString(), note: f.verifiedNote } : null,
    organiser: { id: f.owner.id, email: f.owner.email, name: displayName(f.owner), disabled: !!f.owner.disabledAt },
    createdAt: f.createdAt.toISOString(),
  };
}

export function refundRunView(run: RefundRun) {
  return {
    id: run.id,
    status: run.status,
    refunded: run.refunded,
    failed: run.failed,
    lastError: run.lastError ?? null,
    reason: run.reason,
    createdAt: run.createdAt.toISOString(),
    finishedAt: iso(run.finishedAt),
  };
}

export function adminDonationView(d: Donation, payments: readonly Payment[]): AdminDonationView {
  return {
    id: d.id,
    fundraiser: { id: d.fundraiser.id, title: d.fundraiser.title, status: d.fundraiser.status },
    donorName: d.donorName ?? null,
    donorEmail: d.donorEmail,
    amount: fromMinor(d.amountMinor, d.currency),
    currency: d.currency,
    status: d.status,
    paymentMethod: d.paymentMethod ?? null,
    payments: payments.map((p) => ({
      method: p.method,
      status: p.status,
      sandbox: p.sandbox,
      providerRef: p.providerRef,
      transactionId: p.transactionId ?? null,
      disputeStatus: p.disputeStatus ?? null,
      refundReason: p.refundReason ?? null,
      refundId: p.refundId ?? null,
    })),
    createdAt: d.createdAt.toISOString(),
    succeededAt: iso(d.succeededAt),
  };
}

export function adminUserView(u: User): AdminUserView {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    admin: u.admin,
    emailVerified: !!u.emailVerifiedAt,
    disabledAt: iso(u.disabledAt),
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: iso(u.lastLoginAt),
  };
}

export function adminMailView(m: OutboxEntry) {
  return { id: m.id, to: m.to, subject: m.subject, status: m.status, kind: m.kind, attempts: m.attempts, lastError: m.lastError, createdAt: m.createdAt.toISOString(), sentAt: iso(m.sentAt) };
}

/**
 * A mail with its text, unless the text holds a single-use link that is, or will be, the
 * recipient's alone: once SMTP delivers, an admin reading it could take over the account.
 * Without SMTP the outbox is the only copy, so the text is shown (where a newcomer finds the
 * link to verify their own account).
 */
export function adminMailDetailView(m: OutboxEntry, smtpDelivers: boolean) {
  return { ...adminMailView(m), text: m.sensitive && smtpDelivers ? null : m.text };
}

export function auditEventView(e: AuditEvent) {
  return {
    id: e.id,
    at: e.at.toISOString(),
    actor: { id: e.actorId, email: e.actorEmail },
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId ?? null,
    targetLabel: e.targetLabel,
    reason: e.reason ?? null,
    ip: e.ip,
    outcome: e.outcome,
  };
}

export function siteBuildView(b: SiteBuild) {
  return { id: b.id, startedAt: b.startedAt.toISOString(), durationMs: b.durationMs, trigger: b.trigger, result: b.result, buildId: b.buildId ?? null, error: b.error ?? null, host: b.host };
}

const excerpt = (text: string) => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

/** What a group of reports is about, told from the owning modules' records. */
export async function flagGroupView(em: EntityManager, g: FlagGroup) {
  let target: { label: string; fundraiserId: number | null; fundraiserStatus: Fundraiser['status'] | null; gone: boolean };
  if (g.targetType === 'FUNDRAISER') {
    const f = await fundraiserWithOrganiser(em, g.targetId);
    target = { label: f?.title ?? '', fundraiserId: f?.id ?? null, fundraiserStatus: f?.status ?? null, gone: !f || f.status === 'SUSPENDED' };
  } else {
    const said = g.targetType === 'COMMENT' ? await commentForReview(em, g.targetId) : await wordsForReview(em, g.targetId);
    const f = said ? await fundraiserWithOrganiser(em, said.fundraiserId) : null;
    const text = said ? ('content' in said ? said.content : said.message) : '';
    const removed = !said || ('status' in said ? said.status !== 'published' : said.hidden);
    target = { label: excerpt(text), fundraiserId: f?.id ?? null, fundraiserStatus: f?.status ?? null, gone: removed };
  }
  return {
    id: g.id,
    targetType: g.targetType,
    targetId: g.targetId,
    target,
    count: g.count,
    reasons: g.reasons,
    firstAt: g.firstAt.toISOString(),
    lastAt: g.lastAt.toISOString(),
    latest: g.latest.map((f) => ({ id: f.id, reason: f.reason, details: f.details ?? null, signedIn: f.reporter !== null && f.reporter !== undefined, createdAt: f.createdAt.toISOString() })),
  };
}
