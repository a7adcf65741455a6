/**
 * The preamble every page about one fundraiser shares (its page, its donate form, its edit
 * form, its share buttons): the language and id from the address, answers that browsers
 * revalidate (totals move, and an organiser may see their own suspended fundraiser), and a
 * 404 for an unknown locale, a malformed id or a fundraiser this visitor may not see.
 */
import { languages, type Lang } from '../i18n';
import { parseId } from './fundraiser';
import type { FundraiserPageData, FundraiserSections, PageLocals } from './page-data';

/** What of a page's Astro global the loader needs; `Astro` itself will do. */
export type FundraiserPageContext = {
  params: Record<string, string | undefined>;
  response: { status?: number; headers: Headers };
  locals: Pick<PageLocals, 'data'>;
};

/** The language and fundraiser id of the address; the id is null (and the answer a 404) when either is unknown. */
export function fundraiserPageAddress(page: Omit<FundraiserPageContext, 'locals'>): { lang: Lang; id: number | null } {
  const locale = page.params.locale;
  const knownLocale = locale === undefined || (languages as readonly string[]).includes(locale);
  const lang: Lang = locale === 'am' ? 'am' : 'en';
  const id = knownLocale ? parseId(page.params.id) : null;
  page.response.headers.set('Cache-Control', 'private, no-cache');
  if (id === null) page.response.status = 404;
  return { lang, id };
}

/** The address, then the fundraiser as this visitor may see it with the sections asked for; null (and a 404) when they may not. */
export async function loadFundraiserPage(page: FundraiserPageContext, sections: FundraiserSections = {}): Promise<{ lang: Lang; id: number | null; shown: FundraiserPageData | null }> {
  const { lang, id } = fundraiserPageAddress(page);
  if (id === null) return { lang, id, shown: null };
  const shown = await page.locals.data.fundraiser(id, sections);
  if (!shown) page.response.status = 404;
  return { lang, id, shown };
}
