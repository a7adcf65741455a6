/**
 * Where to go after signing in. Only a path on this site is followed: never an absolute
 * or protocol-relative URL, which would let a crafted link send a visitor who just signed
 * in to another site (an open redirect).
 */

const probeOrigin = 'https://this-site.invalid';

/** The sign-in screens themselves: returning there after signing in would only loop. */
const signInPaths = /^\/(am\/)?(login|register)\/?$/;

export function safeRedirect(target: string | null | undefined, fallback: string): string {
  if (!target) return fallback;
  // One leading slash and nothing a browser might read as another host: '//host', '/\host'.
  if (!target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  // Control characters and spaces are stripped or re-read by URL parsers; a real path has none.
  if (/[\u0000-\u0020\u007f]/.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  // Normalising can itself produce '//host' (from '/.//host'), which would leave the site.
  if (url.pathname.startsWith('//')) return fallback;
  if (signInPaths.test(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}

/** The current page as a redirect target: path, query and fragment, no origin. */
export function currentPath(location: { pathname: string; search: string; hash: string }): string {
  return location.pathname + location.search + location.hash;
}

/** /login (or /am/login) with the page to come back to. */
export function loginUrl(loginPath: string, returnTo: string): string {
  return `${loginPath}?redirect=${encodeURIComponent(returnTo)}`;
}
