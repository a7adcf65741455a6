/**
 * What a visitor's address says about how they came, carried to their donation: the `ref` of a
 * team member's link (`/fundraiser/:id?ref=<code>`), so that it counts for them, and the `s` of
 * a shared link (`?s=telegram`), so that reports can tell which share brought money. The
 * fundraiser page is kept for every visitor under its address without either, so neither
 * reaches the server with the page: the page's script reads them here, keeps them for this tab
 * and this fundraiser (a visitor may read the updates first), and the donate form sends them.
 */
const carried = {
  ref: /^[A-Za-z0-9_-]{1,64}$/,
  s: /^[a-z]{1,20}$/,
};
type Carried = keyof typeof carried;

function stored(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the code still goes with the link it came with.
    return null;
  }
}

/** The value in this address, remembered for the fundraiser; else the one remembered; else null. */
function carriedValue(name: Carried, fundraiserId: number, search: string): string | null {
  const pattern = carried[name];
  const key = `${name}:${fundraiserId}`;
  const given = new URLSearchParams(search).get(name);
  if (given !== null && pattern.test(given)) {
    stored()?.setItem(key, given);
    return given;
  }
  const kept = stored()?.getItem(key) ?? null;
  return kept !== null && pattern.test(kept) ? kept : null;
}

/** The team member's code the visitor came with (this address's, or the one remembered). */
export const referralCode = (fundraiserId: number, search: string = location.search) => carriedValue('ref', fundraiserId, search);

/** The share channel the visitor came through (this address's `?s=`, or the one remembered). */
export const sharedChannel = (fundraiserId: number, search: string = location.search) => carriedValue('s', fundraiserId, search);

/** The address with `ref` added to its query, or as it was when there is no code. */
export function withReferral(href: string, code: string | null): string {
  if (!code) return href;
  const url = new URL(href, location.href);
  url.searchParams.set('ref', code);
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
