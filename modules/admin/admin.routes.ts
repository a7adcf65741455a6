import type { EntityManager } from '@mikro-orm/core';
import { addisDay } from '../../kernel/calendar/index.ts';
import { z } from 'zod';
import { NotFound, ValidationFailed, route, type AppContext, type RouteDefinition } from '../../kernel/http/index.ts';
import { fromMinor } from '../money/index.ts';
import { countUsersSince, disableUser, enableUser, findUser, requireAdmin, searchUsers, setAdmin, type User } from '../accounts/index.ts';
import { hideWords, removeComment } from '../comments/index.ts';
import { donationStandings, donationWithFundraiser, raisedSince, searchDonations } from '../donations/index.ts';
import { flagTarget, openFlagGroups, openFlagsOf, openFlagTargets, resolveFlags, resolveFlagsOf, type FlagResolution } from '../flags/index.ts';
import {
  countFundraisersSince,
  fundraiserWithOrganiser,
  beforeSuspension,
  moderateStatus,
  pageOf,
  pauseOwnedBy,
  resumeFundraisers,
  searchAllFundraisers,
  setVerified,
  type FundraiserStatus,
} from '../fundraisers/index.ts';
import { lastJobRun } from '../jobs/index.ts';
import { countOutbox, findOutboxMail, searchOutbox, type Mailer } from '../mail/index.ts';
import { donationIdsByReference, paymentsByDonation, paymentsNeedingAttention, type PaymentService } from '../payments/index.ts';
import { latestSiteBuilds } from '../site-builds/index.ts';
import { actorOf, appendAudit, latestAudit, searchAudit, type Actor } from './admin.audit.ts';
import { FlagActionMismatch, MailNotFailed, MailNotFound, NoReceipt } from './admin.errors.ts';
import { moderationMailKind } from './admin.mails.ts';
import { latestRefundRun, refundDonation, startRefundRun } from './admin.refunds.ts';
import {
  adminDonation,
  adminFundraiser,
  adminFundraiserDetail,
  adminGrantRequest,
  adminMail,
  adminMailDetail,
  adminUser,
  auditEventView as auditEventSchema,
  auditQuery,
  donationSearchQuery,
  flagGroupView as flagGroupSchema,
  flagQuery,
  fundraiserSearchQuery,
  idParams,
  mailSearchQuery,
  overviewResponse,
  pageResponse,
  rebuildResponse,
  reasonRequest,
  resolveFlagRequest,
  resolveFlagResponse,
  siteResponse,
  userSearchQuery,
  verifyRequest,
} from './admin.schemas.ts';
import {
  adminDonationView,
  adminFundraiserView,
  adminMailDetailView,
  adminMailView,
  adminUserView,
  auditEventView,
  flagGroupView,
  refundRunView,
  siteBuildView,
} from './admin.views.ts';

export interface AdminDependencies {
  payments: PaymentService;
  mailer: Mailer;
  /** Builds the static pages now, even if nothing changed, and serves them. */
  rebuildSite: () => Promise<{ built: boolean }>;
  /** The build this instance serves. */
  servingBuild: () => { id: string; builtAt: string } | null;
  /** Carries "refund all" runs on at once, rather than at the job's next tick. */
  advanceRefunds: () => void;
}

/** Open fundraisers, and closed ones (a fraud found late is still taken off every page). */
const suspendable: readonly FundraiserStatus[] = ['ACTIVE', 'PAUSED', 'CLOSED'];

const dayMs = 24 * 60 * 60_000;

const sentResponse = z.object({ sent: z.literal(true) });

/** The admin area's API: every route guarded by `requireAdmin` before its input is read (the app refuses to start otherwise). */
export function adminRoutes(deps: AdminDependencies): RouteDefinition[] {
  const tag = 'admin';
  const guard = requireAdmin;

  /** Runs `act` and its audit row in one transaction, then sends the mail it queued, if any. */
  async function inTransaction<T>(ctx: AppContext, act: (tx: EntityManager, actor: Actor) => Promise<{ result: T; mail?: string | null }>): Promise<T> {
    const actor = actorOf(ctx, await requireAdmin(ctx));
    let queued: number | null = null;
    const result = await ctx.state.em.transactional(async (tx) => {
      const done = await act(tx, actor);
      if (done.mail) queued = await deps.mailer.enqueue(tx, { kind: moderationMailKind, ref: done.mail });
      return done.result;
    });
    if (queued !== null) {
      const id = queued;
      await deps.mailer.deliverQueued(ctx.state.em.fork(), id).catch((error: unknown) => ctx.state.log.error({ err: error, mailId: id }, 'moderation mail not sent yet; queued for retry'));
    }
    return result;
  }

  async function fundraiserDetail(em: EntityManager, id: number) {
    const f = await fundraiserWithOrganiser(em.fork(), id);
    if (!f) throw new NotFound('fundraiser_not_found');
    const [donations, run, flags] = await Promise.all([donationStandings(em.fork(), id), latestRefundRun(em.fork(), id), openFlagsOf(em.fork(), { targetType: 'FUNDRAISER', targetId: id })]);
    return { ...adminFundraiserView(f), donations, refundRun: run ? refundRunView(run) : null, openFlags: flags };
  }

  /** Suspends a fundraiser in `tx`: closes its open reports and queues the organiser's mail. */
  async function suspend(tx: EntityManager, actor: Actor, id: number, reason: string, from: { flagId?: number } = {}) {
    const f = await moderateStatus(tx, id, 'SUSPENDED', suspendable);
    const event = await appendAudit(tx, actor, { action: 'fundraiser.suspend', targetType: 'fundraiser', targetId: id, targetLabel: f.title, reason, data: from.flagId ? { flag: from.flagId } : null });
    await resolveFlagsOf(tx, { targetType: 'FUNDRAISER', targetId: id }, { resolution: 'FUNDRAISER_SUSPENDED', note: reason, by: actor.user.id });
    return String(event);
  }

  const statusAction = (path: string, summary: string, to: FundraiserStatus | typeof beforeSuspension, from: readonly FundraiserStatus[], action: string, mails: boolean) =>
    route({
      method: 'post',
      path: `/api/admin/fundraisers/:id/${path}`,
      tag,
      summary,
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminFundraiserDetail,
      handler: async ({ params, body, ctx }) => {
        await inTransaction(ctx, async (tx, actor) => {
          if (to === 'SUSPENDED') return { result: null, mail: await suspend(tx, actor, params.id, body.reason) };
          const f = await moderateStatus(tx, params.id, to, from);
          const event = await appendAudit(tx, actor, { action, targetType: 'fundraiser', targetId: params.id, targetLabel: f.title, reason: body.reason });
          return { result: null, mail: mails ? String(event) : null };
        });
        return fundraiserDetail(ctx.state.em, params.id);
      },
    });

  const userAction = (path: string, summary: string, act: (tx: EntityManager, actor: Actor, id: number, reason: string) => Promise<{ user: User; event: number }>) =>
    route({
      method: 'post',
      path: `/api/admin/users/:id/${path}`,
      tag,
      summary,
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminUser,
      handler: async ({ params, body, ctx }) => {
        const user = await inTransaction(ctx, async (tx, actor) => {
          const done = await act(tx, actor, params.id, body.reason);
          return { result: done.user, mail: String(done.event) };
        });
        return adminUserView(await findUser(ctx.state.em.fork(), user.id));
      },
    });

  return [
    route({
      method: 'get',
      path: '/api/admin/overview',
      tag,
      summary: 'The dashboard: money raised, new fundraisers and users, what waits for an admin (reports, payments, mail), the site’s last build, the latest admin actions',
      guard,
      response: overviewResponse,
      handler: async ({ ctx }) => {
        const em = ctx.state.em;
        const now = new Date();
        const day = (daysAgo: number) => addisDay(new Date(now.getTime() - daysAgo * dayMs));
        // An Addis Ababa day starts at 21:00 UTC the evening before.
        const since = (daysAgo: number) => new Date(`${day(daysAgo)}T00:00:00+03:00`);
        const raised = async (daysAgo: number) =>
          (await raisedSince(em, day(daysAgo))).map((r) => ({ currency: r.currency, amount: fromMinor(r.amountMinor, r.currency), donations: r.donations }));
        const counts = async (count: (em: EntityManager, since: Date) => Promise<number>) => ({ today: await count(em, since(0)), days7: await count(em, since(6)), days30: await count(em, since(29)) });
        const [attention, reconciliation, builds, audit] = [
          await paymentsNeedingAttention(em, now),
          await lastJobRun(em, 'reconcile-payments'),
          await latestSiteBuilds(em, 1),
          await searchAudit(em, { page: 0, size: 10 }),
        ];
        return {
          raised: { today: await raised(0), days7: await raised(6), days30: await raised(29) },
          newFundraisers: await counts(countFundraisersSince),
          newUsers: await counts(countUsersSince),
          openFlags: await openFlagTargets(em),
          payments: {
            ...attention,
            reconciliation: reconciliation ? { at: reconciliation.at.toISOString(), outcome: reconciliation.outcome, failed: reconciliation.outcome.startsWith('failed') } : null,
          },
          mail: { failed: await countOutbox(em, 'FAILED'), queued: await countOutbox(em, 'QUEUED') },
          site: { lastBuild: builds[0] ? siteBuildView(builds[0]) : null, serving: deps.servingBuild() },
          audit: audit.events.map(auditEventView),
        };
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/flags',
      tag,
      summary: 'The review queue: open reports grouped by what they report, the longest-waiting first, with counts by reason and the latest reports’ words',
      guard,
      query: flagQuery,
      response: pageResponse(flagGroupSchema),
      handler: async ({ query, ctx }) => {
        const { groups, total } = await openFlagGroups(ctx.state.em, query);
        const content = [];
        for (const g of groups) content.push(await flagGroupView(ctx.state.em, g));
        return pageOf(content, query, total);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/flags/:id/resolve',
      tag,
      summary: 'Resolves every open report of the target this one names: dismiss them, hide the comment or donor’s words, or suspend the fundraiser (with a note of at least 10 characters, which a suspended fundraiser’s organiser is mailed)',
      guard,
      params: idParams,
      body: resolveFlagRequest,
      response: resolveFlagResponse,
      handler: async ({ params, body, ctx }) => {
        const admin = await requireAdmin(ctx);
        const target = await flagTarget(ctx.state.em, params.id);
        const fits = body.action === 'DISMISS' || (body.action === 'HIDE_COMMENT' ? target.targetType !== 'FUNDRAISER' : target.targetType === 'FUNDRAISER');
        if (!fits) throw new FlagActionMismatch();
        if (body.action !== 'DISMISS' && !body.note) throw new ValidationFailed({ note: { code: 'field.required' } });
        const resolution: Record<typeof body.action, FlagResolution> = { DISMISS: 'DISMISSED', HIDE_COMMENT: 'COMMENT_HIDDEN', SUSPEND_FUNDRAISER: 'FUNDRAISER_SUSPENDED' };
        const resolved = await inTransaction(ctx, async (tx, actor) => {
          // The reports first: of two moderators at once, the second stops here, before acting.
          const done = await resolveFlags(tx, params.id, { resolution: resolution[body.action], note: body.note ?? null, by: admin.id });
          await appendAudit(tx, actor, {
            action: 'flag.resolve',
            targetType: 'flag',
            targetId: params.id,
            targetLabel: `${target.targetType.toLowerCase()} #${target.targetId}`,
            reason: body.note ?? null,
            data: { action: body.action, reports: done.resolved },
          });
          if (body.action === 'SUSPEND_FUNDRAISER') return { result: done.resolved, mail: await suspend(tx, actor, target.targetId, body.note!, { flagId: params.id }) };
          if (body.action === 'HIDE_COMMENT') {
            try {
              if (target.targetType === 'COMMENT') await removeComment(tx, admin, target.targetId, body.note);
              else await hideWords(tx, admin, target.targetId, body.note);
            } catch (error) {
              // Deleted by its author or hidden meanwhile: what the reports asked for is done.
              if (!(error instanceof NotFound)) throw error;
            }
          }
          return { result: done.resolved };
        });
        return { resolved, action: body.action };
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/fundraisers',
      tag,
      summary: 'Every fundraiser, whatever its status, newest first: by id, title or organiser’s e-mail, status and verification',
      guard,
      query: fundraiserSearchQuery,
      response: pageResponse(adminFundraiser),
      handler: async ({ query, ctx }) => {
        const { fundraisers, total } = await searchAllFundraisers(ctx.state.em, { ...query, verified: query.verified === undefined ? undefined : query.verified === 'true' });
        return pageOf(fundraisers.map(adminFundraiserView), query, total);
      },
    }),
    route({
      method: 'get',
      path: '/api/admin/fundraisers/:id',
      tag,
      summary: 'One fundraiser as the admins see it: its donations paid and refunded, its open reports, its latest “refund all”',
      guard,
      params: idParams,
      response: adminFundraiserDetail,
      handler: async ({ params, ctx }) => fundraiserDetail(ctx.state.em, params.id),
    }),
    statusAction('suspend', 'Suspends a fundraiser: off every page within seconds, no donations; its open reports are closed and its organiser is mailed the reason', 'SUSPENDED', suspendable, 'fundraiser.suspend', true),
    statusAction('reinstate', 'Lifts a suspension: the fundraiser returns to the status it was suspended from (open, paused or closed), and its organiser is mailed the note', beforeSuspension, ['SUSPENDED'], 'fundraiser.reinstate', true),
    statusAction('close', 'Closes a fundraiser for good (it stays visible, takes no donations)', 'CLOSED', ['ACTIVE', 'PAUSED', 'SUSPENDED'], 'fundraiser.close', false),
    route({
      method: 'post',
      path: '/api/admin/fundraisers/:id/verify',
      tag,
      summary: 'Marks a fundraiser verified once its documents are checked; the note (“Hospital letter checked”) is shown with the badge',
      guard,
      params: idParams,
      body: verifyRequest,
      response: adminFundraiserDetail,
      handler: async ({ params, body, ctx }) => {
        await inTransaction(ctx, async (tx, actor) => {
          const f = await setVerified(tx, params.id, body.note);
          await appendAudit(tx, actor, { action: 'fundraiser.verify', targetType: 'fundraiser', targetId: params.id, targetLabel: f.title, reason: body.note });
          return { result: null };
        });
        return fundraiserDetail(ctx.state.em, params.id);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/fundraisers/:id/unverify',
      tag,
      summary: 'Takes the verified mark away',
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminFundraiserDetail,
      handler: async ({ params, body, ctx }) => {
        await inTransaction(ctx, async (tx, actor) => {
          const f = await setVerified(tx, params.id, null);
          await appendAudit(tx, actor, { action: 'fundraiser.unverify', targetType: 'fundraiser', targetId: params.id, targetLabel: f.title, reason: body.reason });
          return { result: null };
        });
        return fundraiserDetail(ctx.state.em, params.id);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/fundraisers/:id/refund-all',
      tag,
      summary: 'Refunds every paid donation of a suspended fundraiser, as a job that survives a restart and never refunds a donation twice; follow it on the fundraiser',
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminFundraiserDetail,
      status: 202,
      handler: async ({ params, body, ctx }) => {
        await startRefundRun(ctx.state.em, actorOf(ctx, await requireAdmin(ctx)), params.id, body.reason);
        deps.advanceRefunds();
        return fundraiserDetail(ctx.state.em, params.id);
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/donations',
      tag,
      summary: 'Finds donations by id, donor e-mail, a provider’s payment or transaction id, or fundraiser; newest first',
      guard,
      query: donationSearchQuery,
      response: pageResponse(adminDonation),
      handler: async ({ query, ctx }) => {
        const em = ctx.state.em;
        const donationIds = query.query ? await donationIdsByReference(em, query.query) : [];
        const { donations, total } = await searchDonations(em, { ...query, donationIds });
        const payments = await paymentsByDonation(em, donations.map((d) => d.id));
        return pageOf(donations.map((d) => adminDonationView(d, payments.get(d.id) ?? [])), query, total);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/donations/:id/refund',
      tag,
      summary: 'Refunds a donation whole through its provider; asking twice refunds once. The total drops once and the donor is mailed',
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminDonation,
      handler: async ({ params, body, ctx }) => {
        await refundDonation(ctx.state.em, deps.payments, actorOf(ctx, await requireAdmin(ctx)), params.id, body.reason);
        const em = ctx.state.em.fork();
        const donation = await donationWithFundraiser(em, params.id);
        return adminDonationView(donation!, (await paymentsByDonation(em, [params.id])).get(params.id) ?? []);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/donations/:id/receipt',
      tag,
      summary: 'Sends a paid donation’s receipt to its donor again',
      guard,
      params: idParams,
      status: 202,
      response: sentResponse,
      handler: async ({ params, ctx }) => {
        const donation = await donationWithFundraiser(ctx.state.em, params.id);
        if (!donation) throw new NotFound('donation_not_found');
        if (donation.status !== 'SUCCEEDED') throw new NoReceipt();
        let queued = 0;
        await inTransaction(ctx, async (tx, actor) => {
          queued = await deps.mailer.enqueue(tx, { kind: 'receipt', ref: String(params.id) });
          await appendAudit(tx, actor, { action: 'donation.receipt', targetType: 'donation', targetId: params.id, targetLabel: donation.donorEmail });
          return { result: null };
        });
        await deps.mailer.deliverQueued(ctx.state.em.fork(), queued);
        return { sent: true as const };
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/users',
      tag,
      summary: 'Users by id, e-mail or name; only admins, or only disabled accounts',
      guard,
      query: userSearchQuery,
      response: pageResponse(adminUser),
      handler: async ({ query, ctx }) => {
        const { users, total } = await searchUsers(ctx.state.em, query);
        return pageOf(users.map(adminUserView), query, total);
      },
    }),
    userAction('disable', 'Disables an account: every session ends at once, sign-in is refused, its open fundraisers are paused, and its owner is mailed the reason', async (tx, actor, id, reason) => {
      const user = await disableUser(tx, actor.user, id, reason);
      const paused = await pauseOwnedBy(tx, id);
      const event = await appendAudit(tx, actor, { action: 'user.disable', targetType: 'user', targetId: id, targetLabel: user.email, reason, data: { paused } });
      return { user, event };
    }),
    userAction('enable', 'Enables a disabled account again, and opens the fundraisers its disabling paused', async (tx, actor, id, reason) => {
      const user = await enableUser(tx, actor.user, id);
      const disabled = await latestAudit(tx, 'user.disable', 'user', id);
      const paused = (disabled?.data as { paused?: number[] } | null)?.paused ?? [];
      const resumed = await resumeFundraisers(tx, paused);
      const event = await appendAudit(tx, actor, { action: 'user.enable', targetType: 'user', targetId: id, targetLabel: user.email, reason, data: { resumed } });
      return { user, event };
    }),
    route({
      method: 'post',
      path: '/api/admin/users/:id/admin',
      tag,
      summary: 'Grants or revokes admin; never one’s own, never the last admin who can sign in',
      guard,
      params: idParams,
      body: adminGrantRequest,
      response: adminUser,
      handler: async ({ params, body, ctx }) => {
        await inTransaction(ctx, async (tx, actor) => {
          const changed = await setAdmin(tx, actor.user, params.id, body.admin);
          await appendAudit(tx, actor, { action: body.admin ? 'user.grant_admin' : 'user.revoke_admin', targetType: 'user', targetId: params.id, targetLabel: changed.email, reason: body.reason });
          return { result: null };
        });
        return adminUserView(await findUser(ctx.state.em.fork(), params.id));
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/mail',
      tag,
      summary: 'The outbox: what the platform sent, is sending, kept (no SMTP) or failed to send, newest first',
      guard,
      query: mailSearchQuery,
      response: pageResponse(adminMail),
      handler: async ({ query, ctx }) => {
        const { mails, total } = await searchOutbox(ctx.state.em, query);
        return pageOf(mails.map(adminMailView), query, total);
      },
    }),
    route({
      method: 'get',
      path: '/api/admin/mail/:id',
      tag,
      summary: 'One mail with its text (not a delivered single-use link)',
      guard,
      params: idParams,
      response: adminMailDetail,
      handler: async ({ params, ctx }) => {
        const mail = await findOutboxMail(ctx.state.em, params.id);
        if (!mail) throw new MailNotFound();
        return adminMailDetailView(mail, deps.mailer.delivers);
      },
    }),
    route({
      method: 'post',
      path: '/api/admin/mail/:id/retry',
      tag,
      summary: 'Sends a failed mail again now; a double click sends it once',
      guard,
      params: idParams,
      response: adminMailDetail,
      handler: async ({ params, ctx }) => {
        const admin = await requireAdmin(ctx);
        const mail = await findOutboxMail(ctx.state.em, params.id);
        if (!mail) throw new MailNotFound();
        if (!(await deps.mailer.retry(ctx.state.em.fork(), params.id))) throw new MailNotFailed();
        await appendAudit(ctx.state.em.fork(), actorOf(ctx, admin), { action: 'mail.retry', targetType: 'mail', targetId: params.id, targetLabel: `${mail.to}: ${mail.subject}` });
        return adminMailDetailView((await findOutboxMail(ctx.state.em.fork(), params.id))!, deps.mailer.delivers);
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/site',
      tag,
      summary: 'The pre-rendered pages: the build this instance serves, and the last builds with their duration and result',
      guard,
      response: siteResponse,
      handler: async ({ ctx }) => ({ serving: deps.servingBuild(), builds: (await latestSiteBuilds(ctx.state.em, 20)).map(siteBuildView) }),
    }),
    route({
      method: 'post',
      path: '/api/admin/site/rebuild',
      tag,
      summary: 'Builds the pre-rendered pages now and serves them (a few seconds)',
      guard,
      response: rebuildResponse,
      handler: async ({ ctx }) => {
        const admin = await requireAdmin(ctx);
        await appendAudit(ctx.state.em.fork(), actorOf(ctx, admin), { action: 'site.rebuild', targetType: 'site', targetId: null, targetLabel: 'pre-rendered pages' });
        const { built } = await deps.rebuildSite();
        return { built, serving: deps.servingBuild() };
      },
    }),

    route({
      method: 'get',
      path: '/api/admin/audit',
      tag,
      summary: 'The audit log, newest first: who did what to what, why, when and from where; filtered by actor, action, target and dates (Addis Ababa days)',
      guard,
      query: auditQuery,
      response: pageResponse(auditEventSchema),
      handler: async ({ query, ctx }) => {
        const { events, total } = await searchAudit(ctx.state.em, {
          ...query,
          from: query.from ? new Date(`${query.from}T00:00:00+03:00`) : undefined,
          to: query.to ? new Date(new Date(`${query.to}T00:00:00+03:00`).getTime() + dayMs) : undefined,
        });
        return pageOf(events.map(auditEventView), query, total);
      },
    }),
  ];
}
