/**
 * Fundraisers as the API answers them, typed from the API's own schemas
 * (modules/fundraisers/fundraiser.schemas.ts; types only, so the bundle gains nothing), and
 * the pure helpers the fundraiser page, discover and the owner panel share.
 */
import type { FundraiserView, FundraiserCard, UpdateView } from '../../../modules/fundraisers/fundraiser.schemas.ts';
import type { Snapshot } from '../data/site-data.ts';
export { formatAmount } from './format.ts';

export type { Page } from '../../../modules/fundraisers/fundraiser.schemas.ts';
export type Fundraiser = FundraiserView;
/** A fundraiser in a list, as GET /api/fundraisers answers. */
export type FundraiserListItem = FundraiserCard;
export type FundraiserUpdate = UpdateView;
export type Currency = Fundraiser['currency'];
export type FundraiserStatus = Fundraiser['status'];
export type FundraiserImage = Fundraiser['images'][number];
export type FundraiserCategory = Fundraiser['category'];
export type FundraiserLocation = Fundraiser['location'];
/** The fields FundraiserCard shows: a pre-rendered page's card, from the snapshot. */
export type CardData = Snapshot['featuredFundraisers'][number];

/** Share of the goal raised, whole percent, 0–100 (display only, so floats are fine). */
export function progressPercent(raised: string, goal: string): number {
  const r = Number(raised);
  const g = Number(goal);
  if (!Number.isFinite(r) || !Number.isFinite(g) || g <= 0 || r <= 0) return 0;
  return Math.min(100, Math.floor((r / g) * 100));
}

/**
 * A story as paragraphs of lines: blank lines separate paragraphs, single line breaks
 * stay line breaks. Rendered as text nodes, never as HTML.
 */
export function storyParagraphs(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split('\n').map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim() !== ''));
}

/** The first characters of a story, cut at a word, for descriptions and previews. */
export function summarize(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export type ShareTarget = 'telegram' | 'whatsapp' | 'facebook' | 'x' | 'email';

/** The share links shown as buttons, Telegram first (most people in Ethiopia share with it); e-mail is shown apart, in words. */
export const shareButtons = [
  ['telegram', 'Telegram'],
  ['whatsapp', 'WhatsApp'],
  ['facebook', 'Facebook'],
  ['x', 'X'],
] as const satisfies ReadonlyArray<readonly [ShareTarget, string]>;

/** The address as shared through one channel: `?s=<channel>`, which the page's count reads (ADR 0010). */
export function taggedUrl(url: string, channel: ShareTarget | 'copy'): string {
  const tagged = new URL(url);
  tagged.searchParams.set('s', channel);
  return tagged.href;
}

/**
 * Plain share links (no third-party script): each opens the service with the page's URL;
 * `tagged`, each with the URL marked with its channel, so that visits through it are told apart.
 */
export function shareLinks(url: string, title: string, options: { tagged?: boolean } = {}): Record<ShareTarget, string> {
  const link = (channel: ShareTarget) => (options.tagged ? taggedUrl(url, channel) : url);
  const t = encodeURIComponent(title);
  return {
    telegram: `https://t.me/share/url?url=${encodeURIComponent(link('telegram'))}&text=${t}`,
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${title} ${link('whatsapp')}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link('facebook'))}`,
    x: `https://x.com/intent/post?url=${encodeURIComponent(link('x'))}&text=${t}`,
    email: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n\n${link('email')}`)}`,
  };
}

/** Widths of the media module's renditions (modules/media/media.images.ts). */
export const imageWidths = { small: 400, large: 1200 } as const;

/** srcset offering the small rendition to narrow screens and the large one to the rest. */
export function imageSrcset(image: FundraiserImage): string {
  return `${image.thumbnailUrl} ${imageWidths.small}w, ${image.url} ${imageWidths.large}w`;
}

/** A route id: digits only, positive, a safe integer; anything else is not a fundraiser. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

export function toCardData(item: FundraiserListItem): CardData {
  return {
    id: item.id,
    title: item.title,
    summary: item.summary,
    imageUrl: item.image?.thumbnailUrl ?? null,
    city: item.location.city,
    cityAm: item.location.cityAm,
    raisedAmount: item.raisedAmount,
    goalAmount: item.goalAmount,
    currency: item.currency,
    donationCount: item.donationCount,
  };
}

