/**
 * For pages rendered on demand: reads the app's own /api over loopback. The Koa app runs
 * Astro in the same process, but importing module services into the site's bundle would
 * give it a second copy of the ORM's entity definitions, so the HTTP contract (already
 * validated, cached and shaped for the front end) is the boundary. The request goes to
 * 127.0.0.1 on the app's own port, never to the visitor's Host header.
 */

const internalBase = (): string => process.env.INTERNAL_API_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;

export type ServerApiResult<T> = { ok: true; data: T } | { ok: false; status: number };

/**
 * GETs a path of the API. The visitor's cookie is passed on so that an organiser sees
 * their own suspended fundraiser; the answer never goes to anybody else.
 */
export async function serverGet<T>(path: string, request: Request, lang: string): Promise<ServerApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': lang };
  const cookie = request.headers.get('cookie');
  if (cookie) headers.Cookie = cookie;
  const response = await fetch(new URL(path, internalBase()), { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) return { ok: false, status: response.status };
  return { ok: true, data: (await response.json()) as T };
}
