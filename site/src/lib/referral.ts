/**
 * The `ref` of a team member's link (`/fundraiser/:id?ref=<code>`), carried to the donation so
 * that it counts for them. The fundraiser page is kept for every visitor under its address
 * without `ref`, so the code never reaches the server with the page: the page's script reads
 * it here, keeps it for this tab and this fundraiser (a visitor may read the updates first),
 * and the donate form sends it with the donation.
 */
const pattern = /^[A-Za-z0-9_-]{1,64}$/;
const key = (fundraiserId: number) => `ref:${fundraiserId}`;

function stored(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage refused (privacy settings): the code still goes with the link it came with.
    return null;
  }
}

/** The code in this address, remembered for the fundraiser; else the one remembered; else null. */
export function referralCode(fundraiserId: number, search: string = location.search): string | null {
  const given = new URLSearchParams(search).get('ref');
  if (given !== null && pattern.test(given)) {
    stored()?.setItem(key(fundraiserId), given);
    return given;
  }
  const kept = stored()?.getItem(key(fundraiserId)) ?? null;
  return kept !== null && pattern.test(kept) ? kept : null;
}

/** The address with `ref` added to its query, or as it was when there is no code. */
export function withReferral(href: string, code: string | null): string {
  if (!code) return href;
  const url = new URL(href, location.href);
  url.searchParams.set('ref', code);
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
