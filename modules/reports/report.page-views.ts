import type { AppContext, AppMiddleware } from '../../kernel/http/index.ts';
import { channelOf } from '../fundraisers/index.ts';
import { isBot, type VisitCounter } from './report.counter.ts';

/** The host of the page a visit came from, when it is another site's; never the path or query. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
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

export interface ViewCounting {
  counter: VisitCounter;
  /** Our own host: a referrer on it is no referrer. */
  ownHost: string;
}

/** Counts one view of a fundraiser's page by the person this request comes from, unless a machine sent it. */
export function countView(ctx: AppContext, deps: ViewCounting, fundraiserId: number, channel: string | undefined, referrer: string | undefined): void {
  const userAgent = ctx.get('User-Agent');
  if (isBot(userAgent)) return;
  deps.counter.view({ fundraiserId, channel: channelOf(channel), referrerHost: referrerHost(referrer, deps.ownHost), visitor: `${ctx.ip}|${userAgent}` });
}

const fundraiserPage = /^\/(?:am\/)?fundraiser\/(\d{1,10})\/?$/;

/**
 * Counts the views of fundraiser pages as the app serves them (made or kept in memory alike):
 * the visitor sends nothing more than the page, which on costly mobile data matters, and
 * counting costs a push to the counter's array. The channel is the address's `?s=`, the
 * referrer the request's Referer. A prefetch is not a visit; a page that was not found is no view.
 */
export function pageViews(deps: ViewCounting): AppMiddleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200) return;
    const id = fundraiserPage.exec(ctx.path)?.[1];
    if (!id) return;
    const purpose = `${ctx.get('Sec-Purpose')} ${ctx.get('Purpose')}`;
    if (/prefetch|prerender/i.test(purpose)) return;
    const s = ctx.query.s;
    countView(ctx, deps, Number(id), typeof s === 'string' && /^[a-z]{1,20}$/.test(s) ? s : undefined, ctx.get('Referer') || undefined);
  };
}
