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
export type ServerApiContext = { request: Request; locals: App.Locals };

/**
 * GETs a path of the API. The visitor's cookie is passed on so that an organiser sees
 * their own suspended fundraiser; the answer never goes to anybody else.
 */
export async function serverGet<T>(context: ServerApiContext, path: string, lang: string): Promise<ServerApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
  const cookie = context.request.headers.get('cookie');
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(new URL(path, context.locals.apiBase), { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, data: (await response.json()) as T };
}
