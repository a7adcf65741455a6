/**
 * The preamble every page about one fundraiser shares (its page, its donate form, its edit
 * form): the language and id from the address, answers that are never cached (totals move,
 * and an organiser may see their own suspended fundraiser), and a 404 for an unknown locale,
 * a malformed id or a fundraiser the API does not show this visitor.
 */
import { languages, type Lang } from '../i18n';
import { parseId, type Fundraiser } from './fundraiser';
import { serverGet, type ServerApiContext } from './server-api';

/** What of a page's Astro global the loader needs; `Astro` itself will do. */
export type FundraiserPageContext = ServerApiContext & {
  params: Record<string, string | undefined>;
  response: { status?: number; headers: Headers };
};

/** The language and fundraiser id of the address; the id is null (and the answer a 404) when either is unknown. */
export function fundraiserPageAddress(page: FundraiserPageContext): { lang: Lang; id: number | null } {
  const locale = page.params.locale;
  const knownLocale = locale === undefined || (languages as readonly string[]).includes(locale);
  const lang: Lang = locale === 'am' ? 'am' : 'en';
  const id = knownLocale ? parseId(page.params.id) : null;
  page.response.headers.set('Cache-Control', 'private, no-cache');
  if (id === null) page.response.status = 404;
  return { lang, id };
}

/**
 * The address, then the fundraiser as the API shows this visitor (their cookie goes along,
 * so `viewerCanManage` is theirs), with whatever else the page reads at the same time.
 */
export async function loadFundraiserPage<T>(
  page: FundraiserPageContext,
  alongside: (id: number, lang: Lang) => Promise<T>,
): Promise<{ lang: Lang; fundraiser: Fundraiser | null; more: T | null }> {
  const { lang, id } = fundraiserPageAddress(page);
  if (id === null) return { lang, fundraiser: null, more: null };
  const [one, more] = await Promise.all([serverGet<Fundraiser>(page, `/api/fundraisers/${id}`, lang), alongside(id, lang)]);
  if (!one.ok && one.status !== 404 && one.status !== 400) throw new Error(`fundraiser ${id}: API answered ${one.status}`);
  if (!one.ok) page.response.status = 404;
  return { lang, fundraiser: one.ok ? one.data : null, more };
}
