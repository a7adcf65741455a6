/**
 * The one address of each page made on demand that the app may keep (api/site/site-server.ts):
 * its path with the id in canonical decimal, and only the query parameters the page reads,
 * each written as the page understands it (`updatesPage=01` is page 1, an unknown `sort` is
 * none). The app keeps such a page under that address and renders it from that address, so a
 * page is a function of its key: a visitor's `fbclid` or made-up spelling can neither change
 * what others are shown nor cost a render of its own.
 */
import { defaultLang, languages } from '../i18n/index.ts';
import { maxConversationPage } from './conversation.ts';
import { discoverSearch, parseDiscoverQuery } from './discover.ts';
import { donateProblem, maxDonationsPage } from './donation.ts';
import { parseId } from './fundraiser.ts';
import { maxUpdatesFrom, maxUpdatesPage, queryIndex } from './fundraiser-updates.ts';

export type PageAddress =
  /** A page that may be kept, and the address it is kept and rendered under. */
  | { kind: 'kept'; url: string }
  /** That page's path spelled otherwise (a doubled or trailing slash, a letter percent-encoded, /en): where it lives. */
  | { kind: 'moved'; url: string }
  /** Its path with an id in no canonical spelling (016, +16, 0x10): no such page. */
  | { kind: 'missing' };

/** Page indexes from the query, by parameter, in this order; a first page (0) is left out. */
const indexes =
  (limits: Record<string, number>) =>
  (params: URLSearchParams): string => {
    const kept = new URLSearchParams();
    for (const [name, max] of Object.entries(limits)) {
      const index = queryIndex(params.get(name), max);
      if (index > 0) kept.set(name, String(index));
    }
    return kept.size ? `?${kept}` : '';
  };

/** The pages that read what a change makes stale (lib/page-data.ts), without their language prefix, and the query each reads. */
const keptPages: { path: RegExp; query: (params: URLSearchParams) => string }[] = [
  { path: /^\/fundraiser\/([^/]+)$/, query: indexes({ updatesPage: maxUpdatesPage, donationsPage: maxDonationsPage, commentsPage: maxConversationPage }) },
  { path: /^\/fundraiser\/([^/]+)\/updates$/, query: indexes({ from: maxUpdatesFrom }) },
  { path: /^\/fundraiser\/([^/]+)\/share$/, query: () => '' },
  {
    path: /^\/donate\/([^/]+)$/,
    query: (params) => {
      const { problem, fields } = donateProblem(params);
      const kept = new URLSearchParams();
      if (problem) kept.set('problem', problem);
      if (fields.length > 0) kept.set('fields', fields.join(','));
      return kept.size ? `?${kept}` : '';
    },
  },
  { path: /^\/discover$/, query: (params) => discoverSearch(parseDiscoverQuery(params)) },
];

const otherLanguages = languages.filter((lang) => lang !== defaultLang);

/**
 * Where the page a request asks for lives (`search` is the query string as sent, `?` and
 * all, or empty); null for pages the app never keeps, which are made for each request.
 */
export function pageAddress(path: string, search: string): PageAddress | null {
  const plain = plainPath(path);
  const language = otherLanguages.find((lang) => plain === `/${lang}` || plain.startsWith(`/${lang}/`));
  const rest = language ? plain.slice(language.length + 1) : plain;
  for (const page of keptPages) {
    const match = page.path.exec(rest);
    if (!match) continue;
    const id = match[1];
    if (id !== undefined && parseId(id) === null) return { kind: 'missing' };
    if (plain !== path) return { kind: 'moved', url: plain + search };
    return { kind: 'kept', url: path + page.query(new URLSearchParams(search)) };
  }
  return null;
}

/**
 * The path as the site's router reads it: letters, digits and `-._~` never percent-encoded,
 * no doubled or trailing slash, and no prefix for the default language.
 */
function plainPath(path: string): string {
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return /[\w.~-]/.test(char) ? char : encoded.toUpperCase();
  });
  const tidy = decoded.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
  return tidy === `/${defaultLang}` ? '/' : tidy.startsWith(`/${defaultLang}/`) ? tidy.slice(defaultLang.length + 1) : tidy;
}
