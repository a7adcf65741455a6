/**
 * Who is looking at a page rendered on demand, as the API knows them from the visitor's own
 * cookie. Unlike the browser's signed-in hint (auth-signals.ts), this cannot be missing or
 * stale for a signed-in visitor.
 */
import type { StatusView, UserView } from '../../../modules/accounts/account.schemas.ts';
import { serverGet, type ServerApiContext } from './server-api.ts';

/**
 * The session cookie's name (modules/sessions). Copied rather than imported: the site's
 * bundle must not pull in the API's modules (server-api.ts says why).
 */
const sessionCookie = 'sid';

export type Viewer = Pick<UserView, 'id' | 'admin'>;

/** Whether a Cookie header carries a session cookie; without one nobody is signed in. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => {
    const [name = '', value = ''] = pair.split('=', 2).map((part) => part.trim());
    return name === sessionCookie && value !== '';
  });
}

/** The signed-in viewer, or null. Visitors without a session cookie cost no API call. */
export async function signedInViewer(context: ServerApiContext, lang: string): Promise<Viewer | null> {
  if (!hasSessionCookie(context.request.headers.get('cookie'))) return null;
  try {
    const status = await serverGet<StatusView>(context, '/api/auth/status', lang);
    const user = status.ok && status.data.authenticated ? status.data.user : null;
    return user ? { id: user.id, admin: user.admin } : null;
  } catch (error) {
    // The page is still worth showing; its owner controls wait for the next visit.
    console.error('Could not ask the API who the viewer is', error);
    return null;
  }
}

/** Organisers and admins manage a fundraiser (modules/fundraisers CONTEXT.md). */
export function canManage(viewer: Viewer | null, ownerId: number): boolean {
  return viewer !== null && (viewer.id === ownerId || viewer.admin);
}
