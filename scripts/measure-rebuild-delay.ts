/**
 * How long a donation takes to show on the pre-rendered home page, against a running server
 * (`npm start`, no provider keys, so the sandbox checkout pays): one donation after a quiet
 * spell, then a burst of one every few seconds. Prints each delay and how many rebuilds the
 * burst cost. `node scripts/measure-rebuild-delay.ts [baseUrl] [burstSeconds] [everySeconds]`.
 */
const base = process.argv[2] ?? 'http://localhost:8080';
const burstSeconds = Number(process.argv[3] ?? 180);
const everySeconds = Number(process.argv[4] ?? 5);

/** A visitor with a cookie jar, as a browser would be. */
function visitor() {
  const jar = new Map<string, string>();
  const call = async (method: string, path: string, body?: unknown): Promise<Response> => {
    const headers: Record<string, string> = { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  };
  return call;
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response;
}

/** A donation paid in full through the sandbox checkout. */
async function give(fundraiserId: number): Promise<void> {
  const call = visitor();
  await call('GET', '/api/csrf');
  const donation = (await (await expectOk(await call('POST', '/api/donations?captchaToken=', { fundraiserId, amount: '5', donorName: 'Timer', donorEmail: 'timer@example.com' }), 'donation')).json()) as { id: number };
  await call('GET', '/api/csrf');
  const payment = (await (await expectOk(await call('POST', '/api/payments?captchaToken=', { donationId: donation.id, paymentMethod: 'STRIPE' }), 'payment')).json()) as { paymentIntentId: string };
  await expectOk(await call('POST', `/api/sandbox/payments/${payment.paymentIntentId}/complete`, { outcome: 'succeeded' }), 'complete');
  await expectOk(await call('POST', `/api/confirm-payment?paymentIntentId=${payment.paymentIntentId}&captchaToken=`), 'confirm');
}

/** The number of donations the home page states now. */
async function statedDonations(): Promise<number> {
  const html = await (await fetch(`${base}/?t=${Date.now()}`)).text();
  const stats = /data-testid="site-stats"[\s\S]*?<\/dl>/.exec(html)?.[0] ?? '';
  const values = [...stats.matchAll(/<dd[^>]*>([^<]*)<\/dd>/g)].map((m) => Number(m[1]!.replace(/[^\d]/g, '')));
  return values.at(-1) ?? 0;
}

/** Where each donation, by the count it brings the page to, was first seen. */
const given: { count: number; at: number }[] = [];
const delays: number[] = [];
let watching = true;
let lastSeen = await statedDonations();
const changedAt: number[] = [];
const watcher = (async () => {
  while (watching || given.length > delays.length) {
    const now = await statedDonations();
    if (now !== lastSeen) {
      changedAt.push(Date.now());
      lastSeen = now;
      const seenAt = Date.now();
      while (delays.length < given.length && given[delays.length]!.count <= now) delays.push(seenAt - given[delays.length]!.at);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
})();

const fundraiserId = 1;
let expected = lastSeen;
const one = async () => {
  await give(fundraiserId);
  expected += 1;
  given.push({ count: expected, at: Date.now() });
};

await one();
while (delays.length < 1) await new Promise((resolve) => setTimeout(resolve, 100));
console.log(`after a quiet spell: ${(delays[0]! / 1000).toFixed(1)} s`);
await new Promise((resolve) => setTimeout(resolve, 65_000));

const startChanges = changedAt.length;
const startedAt = Date.now();
while (Date.now() - startedAt < burstSeconds * 1000) {
  await one();
  await new Promise((resolve) => setTimeout(resolve, everySeconds * 1000));
}
watching = false;
await watcher;
const burst = delays.slice(1).sort((a, b) => a - b);
const at = (q: number) => (burst[Math.min(burst.length - 1, Math.floor(q * burst.length))]! / 1000).toFixed(1);
console.log(`burst of ${burst.length} donations over ${burstSeconds} s: delay median ${at(0.5)} s, p90 ${at(0.9)} s, max ${at(1)} s`);
const changes = changedAt.slice(startChanges);
const gaps = changes.slice(1).map((t, i) => ((t - changes[i]!) / 1000).toFixed(1));
console.log(`the home page changed ${changes.length} times for the burst, ${gaps.join(' s, ')} s apart`);
