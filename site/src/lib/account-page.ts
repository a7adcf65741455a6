/**
 * The preamble of a signed-in screen (profile, settings, the fundraiser form). These are
 * rendered on demand for one reason: a visitor who is plainly signed out is sent to log in
 * by the server, as the island's guard (components/account/guard.tsx) would send them,
 * without first downloading the island to find that out.
 */
import { languages, localizedPath, type Lang } from '../i18n/index.ts';
import { loginUrl } from './safe-redirect.ts';

/** The session cookie (modules/sessions/session.middleware.ts): only its presence is read here. */
const sessionCookie = 'sid';

/** What of a page's Astro global this needs; `Astro` itself will do. */
export type AccountPageContext = {
  params: Record<string, string | undefined>;
  url: URL;
  cookies: { get(name: string): { value: string } | undefined };
  response: { status?: number; headers: Headers };
};

export type AccountPage = {
  lang: Lang;
  /** False for an unknown locale: the page shows the not-found screen, with a 404. */
  found: boolean;
  /** The answer instead of the page: a visitor without a session is sent to log in and come back. */
  leave: Response | null;
};

export function accountPage(page: AccountPageContext): AccountPage {
  const locale = page.params.locale;
  const found = locale === undefined || (languages as readonly string[]).includes(locale);
  const lang: Lang = locale === 'am' ? 'am' : 'en';
  // Either answer depends on the visitor's cookie: no shared cache may keep it.
  page.response.headers.set('Cache-Control', 'private, no-cache');
  if (!found) {
    page.response.status = 404;
    return { lang, found, leave: null };
  }
  // A cookie whose session has ended still gets the page; its guard sends them on.
  if (page.cookies.get(sessionCookie)?.value) return { lang, found, leave: null };
  const to = loginUrl(localizedPath(lang, '/login'), page.url.pathname + page.url.search);
  return { lang, found, leave: new Response(null, { status: 302, headers: { Location: to, 'Cache-Control': 'private, no-cache' } }) };
}
