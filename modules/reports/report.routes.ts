import { Readable } from 'node:stream';
import type { AppContext } from '../../kernel/http/index.ts';
import { route } from '../../kernel/http/index.ts';
import { requireAdmin, requireUser } from '../accounts/index.ts';
import { pageOf, pageResponse } from '../fundraisers/index.ts';
import { fundraiserScope, ownerScope, platformScope } from './report.access.ts';
import { donationsCsv } from './report.csv.ts';
import type { Period } from './report.days.ts';
import { countDonationRows, donationRows, type DonationFilter } from './report.donations.ts';
import { buildReport, resolvePeriod } from './report.service.ts';
import { isBot, type VisitCounter } from './report.counter.ts';
import { countView } from './report.page-views.ts';
import { fundraiserParams, reportCsvQuery, reportDonation, reportDonationsQuery, reportQuery, reportResponse, shareRequest, viewQuery, viewRequest, type ReportCsvQuery, type ReportDonationsQuery } from './report.schemas.ts';

/** A transparent 1×1 GIF: the counted image of a page read without JavaScript. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The `?s=` of one of our own pages' addresses; undefined for another site's or none. */
function sharedThrough(referer: string | undefined, ownHost: string): string | undefined {
  try {
    const url = new URL(referer ?? '');
      const channel = url.searchParams.get('s') ?? '';
    return url.hostname.toLowerCase() === ownHost && /^[a-z]{1,20}$/.test(channel) ? channel : undefined;
  } catch {
    return undefined;
  }
}

export function reportRoutes(deps: { counter: VisitCounter; publicUrl: string }) {
  const tag = 'reports';
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  const count = (ctx: AppContext, fundraiserId: number, channel: string | undefined, referrer: string | undefined) =>
    countView(ctx, { counter: deps.counter, ownHost }, fundraiserId, channel, referrer);
  return [
    route({
      method: 'post',
      path: '/api/fundraisers/:id/views',
      tag,
      summary: 'Counts a view of a fundraiser’s page served by a cache in front of the app, which the app does not see (a beacon): no cookie, nothing about the visitor kept; 202 (an unknown channel counts as direct, an unknown fundraiser not at all). Pages the app serves are counted as it serves them.',
      params: fundraiserParams,
      body: viewRequest,
      status: 202,
      handler: async ({ params, body, ctx }) => {
        count(ctx, params.id, body.channel, body.referrer);
      },
    }),
    route({
      method: 'get',
      path: '/api/fundraisers/:id/views.gif',
      tag,
      summary: 'The same count for a page read without JavaScript, as an image (its channel from the page’s own Referer)',
      params: fundraiserParams,
      query: viewQuery,
      handler: async ({ params, query, ctx }) => {
        // The image's Referer is the page itself (same origin): its ?s= is the channel it was shared through.
        // A HEAD asks whether the image is there; only a GET shows it.
        if (ctx.method === 'GET') count(ctx, params.id, query.s ?? sharedThrough(ctx.get('Referer'), ownHost), query.r);
        ctx.set('Cache-Control', 'no-store');
        ctx.type = 'image/gif';
        ctx.body = pixel;
        return undefined;
      },
    }),
    route({
      method: 'post',
      path: '/api/fundraisers/:id/shares',
      tag,
      summary: 'Counts a click on a share button, by channel (Telegram, WhatsApp, Facebook, X, e-mail, copy link); 202',
      params: fundraiserParams,
      body: shareRequest,
      status: 202,
      handler: async ({ params, body, ctx }) => {
        if (!isBot(ctx.get('User-Agent'))) deps.counter.share(params.id, body.channel, { address: ctx.ip });
      },
    }),
  ];
}

/** The report endpoints: organisers' (`/api/reports/…`) and admins' (`/api/admin/reports…`). */
export function reportReadRoutes() {
  const tag = 'reports';
  const filterOf = (period: Period, query: ReportCsvQuery | ReportDonationsQuery, scope: readonly number[] | null): DonationFilter => ({
    scope,
    from: period.start,
    to: period.end,
    statuses: query.status ? [query.status] : ['SUCCEEDED', 'REFUNDED'],
    fundraiserId: query.fundraiserId,
    method: query.method,
  });
  const listOf = async (ctx: AppContext, query: ReportDonationsQuery, scope: readonly number[] | null) => {
    const filter = filterOf(resolvePeriod(query), query, scope);
    const em = ctx.state.em;
    const [rows, total] = [await donationRows(em, filter, { limit: query.size, offset: query.page * query.size }, ctx.state.lang), await countDonationRows(em, filter)];
    return pageOf(rows, query, total);
  };
  const csv = (ctx: AppContext, query: ReportCsvQuery, scope: readonly number[] | null, name: string) => {
    const filter = filterOf(resolvePeriod(query), query, scope);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(name);
    ctx.body = Readable.from(donationsCsv(ctx.state.em, filter, { language: query.lang ?? ctx.state.lang, timeZone: query.tz }));
  };
  return [
    route({
      method: 'get',
      path: '/api/reports/fundraisers/:id',
      tag,
      summary: 'A fundraiser’s report for a period (its organisers, co-organisers and admins): donations, shares and visits by channel, the daily timeline, the last 20 donations',
      params: fundraiserParams,
      query: reportQuery,
      response: reportResponse,
      guard: requireUser,
      handler: async ({ params, query, user, ctx }) => {
        const scope = await fundraiserScope(ctx.state.em, user, params.id);
        return buildReport(ctx.state.em, scope, resolvePeriod(query), ctx.state.lang);
      },
    }),
    route({
      method: 'get',
      path: '/api/reports/fundraisers/:id/donations.csv',
      tag,
      summary: 'A fundraiser’s donations of a period as CSV (UTF-8 with a byte-order mark); a donor’s e-mail only where they allowed the organiser to contact them',
      params: fundraiserParams,
      query: reportCsvQuery,
      guard: requireUser,
      handler: async ({ params, query, user, ctx }) => {
        const scope = await fundraiserScope(ctx.state.em, user, params.id);
        csv(ctx, query, scope.fundraiserIds, `donations-${params.id}-${query.from ?? 'last-30-days'}.csv`);
        return undefined;
      },
    }),
    route({
      method: 'get',
      path: '/api/reports/me',
      tag,
      summary: 'The same report summed over every fundraiser the caller organises, per currency',
      query: reportQuery,
      response: reportResponse,
      guard: requireUser,
      handler: async ({ query, user, ctx }) => buildReport(ctx.state.em, await ownerScope(ctx.state.em, user), resolvePeriod(query), ctx.state.lang),
    }),
    route({
      method: 'get',
      path: '/api/reports/donations',
      tag,
      summary: 'The donations to the caller’s fundraisers, newest first, filtered by period, fundraiser, method and status',
      query: reportDonationsQuery,
      response: pageResponse(reportDonation),
      guard: requireUser,
      handler: async ({ query, user, ctx }) => listOf(ctx, query, (await ownerScope(ctx.state.em, user)).fundraiserIds),
    }),
    route({
      method: 'get',
      path: '/api/reports/donations.csv',
      tag,
      summary: 'The same donations as CSV',
      query: reportCsvQuery,
      guard: requireUser,
      handler: async ({ query, user, ctx }) => {
        const scope = await ownerScope(ctx.state.em, user);
        csv(ctx, query, scope.fundraiserIds, 'donations.csv');
        return undefined;
      },
    }),
    route({
      method: 'get',
      path: '/api/admin/reports',
      tag,
      guard: requireAdmin,
      summary: 'The platform’s report (admins): every fundraiser, with new users, new fundraisers, donations per method, category and currency',
      query: reportQuery,
      response: reportResponse,
      handler: async ({ query, ctx }) => {
        return buildReport(ctx.state.em, platformScope, resolvePeriod(query), ctx.state.lang);
      },
    }),
    route({
      method: 'get',
      path: '/api/admin/reports/donations',
      tag,
      guard: requireAdmin,
      summary: 'Every fundraiser’s donations (admins), filtered and paged as the organisers’ list',
      query: reportDonationsQuery,
      response: pageResponse(reportDonation),
      handler: async ({ query, ctx }) => {
        return listOf(ctx, query, null);
      },
    }),
    route({
      method: 'get',
      path: '/api/admin/reports/donations.csv',
      tag,
      guard: requireAdmin,
      summary: 'The same, as CSV (admins)',
      query: reportCsvQuery,
      handler: async ({ query, ctx }) => {
        csv(ctx, query, null, 'donations.csv');
        return undefined;
      },
    }),
  ];
}
