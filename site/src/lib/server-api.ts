/**
 * For pages rendered on demand: reads the app's own /api in a request of its own. The Koa
 * app runs Astro in the same process, but importing module services into the site's bundle
 * would give it a second copy of the ORM's entity definitions, so the HTTP contract (already
 * validated, cached and shaped for the front end) is the boundary. The app says where it
 * answers in `locals.apiBase` (api/app.ts): the address the visitor's request came in on,
 * never the Host header they sent.
 */

export type ServerApiResult<T> = { ok: true; data: T } | { ok: false; status: number };

/** What of a page's Astro global a call needs; `Astro` itself will do. */
export type ServerApiContext = { request: Request; locals: Pick<App.Locals, 'apiBase'> };

/**
 * The API could not be read (no answer in time, the connection failed, or it said 503): the
 * page cannot be made now but very likely can in a moment, so the visitor is told to retry
 * (site/src/middleware.ts) rather than shown a server error.
 */
export class ApiUnavailable extends Error {
  override readonly name = 'ApiUnavailable';
}

/**
 * The app admits only a few renders at once (api/site/render-gate.ts), so its own API
 * answers in milliseconds; a call still waiting after this long will not be worth the wait.
 */
const timeoutMs = 5_000;

/**
 * GETs a path of the API. The visitor's cookie is passed on so that an organiser sees
 * their own suspended fundraiser; the answer never goes to anybody else.
 */
export async function serverGet<T>(context: ServerApiContext, path: string, lang: string): Promise<ServerApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
  const cookie = context.request.headers.get('cookie');
  if (cookie) headers.Cookie = cookie;
  let status: number;
  let body: string;
  try {
    // The body is read inside too: the time limit covers it, and a cut-off body is the same failure.
    const response = await fetch(new URL(path, context.locals.apiBase), { headers, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    body = await response.text();
  } catch (error) {
    throw new ApiUnavailable(`GET ${path}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (status === 503) throw new ApiUnavailable(`GET ${path}: the API answered 503`);
  if (status < 200 || status >= 300) return { ok: false, status };
  return { ok: true, data: JSON.parse(body) as T };
}
