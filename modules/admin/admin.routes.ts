import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { NotFound, route, type AppContext, type RouteDefinition } from '../../kernel/http/index.ts';
import { findUser, requireAdmin, searchUsers, type User } from '../accounts/index.ts';
import { donationStandings, donationWithFundraiser, searchDonations } from '../donations/index.ts';
import { openFlagGroups, openFlagsOf } from '../flags/index.ts';
import { fundraiserWithOrganiser, beforeSuspension, pageOf, searchAllFundraisers, type FundraiserStatus } from '../fundraisers/index.ts';
import { findOutboxMail, searchOutbox, type Mailer } from '../mail/index.ts';
import { donationIdsByReference, paymentsByDonation } from '../payments/index.ts';
import { latestSiteBuilds } from '../site-builds/index.ts';
import { actorOf, searchAudit } from './admin.audit.ts';
import { MailNotFound } from './admin.errors.ts';
import { adminOverview } from './admin.overview.ts';
import { latestRefundRun } from './admin.refunds.ts';
import { suspendable, type AdminRequest, type AdminService } from './admin.service.ts';
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
  refundRequest,
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

const dayMs = 24 * 60 * 60_000;

const sentResponse = z.object({ sent: z.literal(true) });

/** The admin area's API: every route guarded by `requireAdmin` before its input is read (the app refuses to start otherwise). */
export function adminRoutes(deps: {
  admin: AdminService;
  mailer: Mailer;
  /** The build this instance serves. */
  servingBuild: () => { id: string; builtAt: string } | null;
}): RouteDefinition[] {
  const tag = 'admin';
  const guard = requireAdmin;
  const { admin } = deps;

  /** The admin asking (whom the guard let in), for the service's actions. */
  const adminRequest = (ctx: AppContext, user: User): AdminRequest => ({ actor: actorOf(ctx, user), log: ctx.state.log });

  async function fundraiserDetail(em: EntityManager, id: number) {
    const f = await fundraiserWithOrganiser(em.fork(), id);
    if (!f) throw new NotFound('fundraiser_not_found');
    const [donations, run, flags] = await Promise.all([donationStandings(em.fork(), id), latestRefundRun(em.fork(), id), openFlagsOf(em.fork(), { targetType: 'FUNDRAISER', targetId: id })]);
    return { ...adminFundraiserView(f), donations, refundRun: run ? refundRunView(run) : null, openFlags: flags };
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
      handler: async ({ params, body, user, ctx }) => {
        await admin.setFundraiserStatus(ctx.state.em, adminRequest(ctx, user), params.id, { to, from, action, mails }, body.reason);
        return fundraiserDetail(ctx.state.em, params.id);
      },
    });

  const userAction = (path: string, summary: string, act: (em: EntityManager, by: AdminRequest, id: number, reason: string) => Promise<User>) =>
    route({
      method: 'post',
      path: `/api/admin/users/:id/${path}`,
      tag,
      summary,
      guard,
      params: idParams,
      body: reasonRequest,
      response: adminUser,
      handler: async ({ params, body, user, ctx }) => {
        const changed = await act(ctx.state.em, adminRequest(ctx, user), params.id, body.reason);
        return adminUserView(await findUser(ctx.state.em.fork(), changed.id));
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
      handler: async ({ ctx }) => adminOverview(ctx.state.em, new Date(), deps.servingBuild()),
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
      handler: async ({ params, body, user, ctx }) => {
        const resolved = await admin.resolveFlag(ctx.state.em, adminRequest(ctx, user), params.id, body);
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
      handler: async ({ params, body, user, ctx }) => {
        await admin.verifyFundraiser(ctx.state.em, adminRequest(ctx, user), params.id, body.note);
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
      handler: async ({ params, body, user, ctx }) => {
        await admin.unverifyFundraiser(ctx.state.em, adminRequest(ctx, user), params.id, body.reason);
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
      handler: async ({ params, body, user, ctx }) => {
        await admin.refundAll(ctx.state.em, adminRequest(ctx, user), params.id, body.reason);
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
      body: refundRequest,
      response: adminDonation,
      handler: async ({ params, body, user, ctx }) => {
        await admin.refund(ctx.state.em, adminRequest(ctx, user), params.id, body.reason, body.coveredByPlatform);
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
      handler: async ({ params, user, ctx }) => {
        await admin.resendReceipt(ctx.state.em, adminRequest(ctx, user), params.id);
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
    userAction('disable', 'Disables an account: every session ends at once, sign-in is refused, its open fundraisers are paused, and its owner is mailed the reason', admin.disableAccount),
    userAction('enable', 'Enables a disabled account again, and opens the fundraisers its disabling paused', admin.enableAccount),
    route({
      method: 'post',
      path: '/api/admin/users/:id/admin',
      tag,
      summary: 'Grants or revokes admin; never one’s own, never the last admin who can sign in',
      guard,
      params: idParams,
      body: adminGrantRequest,
      response: adminUser,
      handler: async ({ params, body, user, ctx }) => {
        await admin.setAdminRole(ctx.state.em, adminRequest(ctx, user), params.id, body.admin, body.reason);
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
      handler: async ({ params, user, ctx }) => {
        await admin.retryMail(ctx.state.em, adminRequest(ctx, user), params.id);
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
      handler: async ({ user, ctx }) => {
        const { built } = await admin.rebuildSite(ctx.state.em, adminRequest(ctx, user));
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
