/**
 * The fundraiser page's own counting (ADR 0010): one view per page load, with the channel its
 * address was shared through (`?s=`) and the host it came from, and a click on a share
 * button. No cookie is set for counting and nothing about the visitor is sent; the server
 * reads what it needs from the request and keeps none of it.
 */
import { xsrfToken } from '../../lib/api';

async function send(path: string, body: object): Promise<void> {
  const token = await xsrfToken();
  // The share links open in a new tab, so the page outlives the call: no keepalive needed.
  const answer = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token ?? '' },
    body: JSON.stringify(body),
  });
  // Read to its end: an answer left unread stays open, and the page never looks settled.
  await answer.text();
}

/** A count that fails is a count missed, never an error the visitor sees. */
const quietly = (path: string, body: object) => void send(path, body).catch(() => undefined);

export function countVisit(): void {
  const id = /\/fundraiser\/(\d+)\/?$/.exec(location.pathname)?.[1];
  if (!id) return;
  // A channel is a short lower-case name; anything else in the address is no channel.
  const given = new URLSearchParams(location.search).get('s') ?? '';
  const channel = /^[a-z]{1,20}$/.test(given) ? given : undefined;
  const referrer = document.referrer && document.referrer.length <= 2000 ? document.referrer : undefined;
  quietly(`/api/fundraisers/${id}/views`, { channel, referrer });
  for (const link of document.querySelectorAll<HTMLElement>('[data-share-channel]')) {
    link.addEventListener('click', () => quietly(`/api/fundraisers/${id}/shares`, { channel: link.dataset.shareChannel }));
  }
}
