/**
 * Counts clicks on the fundraiser page's share buttons, by channel (ADR 0010). The view of
 * the page itself is counted by the server as it serves it, so the visitor sends nothing
 * for that. No cookie is set for counting and nothing about the visitor is sent.
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

export function countShares(): void {
  const id = /\/fundraiser\/(\d+)\/?$/.exec(location.pathname)?.[1];
  if (!id) return;
  for (const link of document.querySelectorAll<HTMLElement>('[data-share-channel]')) {
    link.addEventListener('click', () => quietly(`/api/fundraisers/${id}/shares`, { channel: link.dataset.shareChannel }));
  }
}
