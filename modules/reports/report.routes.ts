import type { AppContext } from '../../kernel/http/index.ts';
import { route } from '../../kernel/http/index.ts';
import { isBot, type VisitCounter } from './report.counter.ts';
import { shareChannels, type VisitChannel } from './report.entity.ts';
import { fundraiserParams, shareRequest, viewQuery, viewRequest } from './report.schemas.ts';

/** A transparent 1×1 GIF: the counted image of a page read without JavaScript. */
const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const channelOf = (s: string | undefined): VisitChannel => (shareChannels as readonly string[]).includes(s ?? '') ? (s as VisitChannel) : 'direct';

/** The host of the page a visit came from, when it is another site's; never the path or query. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host && host !== ownHost.replace(/^www\./, '') ? host.slice(0, 255) : null;
  } catch {
    return null;
  }
}

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
  const count = (ctx: AppContext, fundraiserId: number, channel: string | undefined, referrer: string | undefined) => {
    const userAgent = ctx.get('User-Agent');
    if (isBot(userAgent)) return;
    deps.counter.view({ fundraiserId, channel: channelOf(channel), referrerHost: referrerHost(referrer, ownHost), visitor: `${ctx.ip}|${userAgent}` });
  };
  return [
    route({
      method: 'post',
      path: '/api/fundraisers/:id/views',
      tag,
      summary: 'Counts a view of a fundraiser’s page (its script’s beacon): no cookie, nothing about the visitor kept; 202 (an unknown channel counts as direct, an unknown fundraiser not at all)',
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
        count(ctx, params.id, query.s ?? sharedThrough(ctx.get('Referer'), ownHost), query.r);
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
        if (!isBot(ctx.get('User-Agent'))) deps.counter.share(params.id, body.channel);
      },
    }),
  ];
}
