import { get as httpGet } from 'node:http';
/**
 * A minimal browser stand-in for API tests: keeps cookies, and echoes the XSRF-TOKEN
 * cookie in the X-XSRF-TOKEN header on unsafe methods, as the site's API client does.
 */
export class TestClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();
  lang: 'en' | 'am' = 'en';

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: string | FormData | Blob; headers?: Record<string, string>; xsrf?: boolean } = {},
  ) {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && options.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/csrf');
    const headers: Record<string, string> = { 'Accept-Language': this.lang, ...options.headers };
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (unsafe && options.xsrf !== false) headers['X-XSRF-TOKEN'] = this.cookies.get('XSRF-TOKEN') ?? '';
    let body = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    // API tests read answers as a client does, as loose JSON; in tests every answer is also
    // checked against its route's response schema (kernel/http/route.ts), which holds the types.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let data: any = undefined;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) data = JSON.parse(text);
    return { status: response.status, headers: response.headers, data, text };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  post(path: string, json?: unknown, options: { headers?: Record<string, string>; xsrf?: boolean } = {}) {
    return this.request('POST', path, { json, ...options });
  }

  put(path: string, json?: unknown) {
    return this.request('PUT', path, { json });
  }

  patch(path: string, json?: unknown) {
    return this.request('PATCH', path, { json });
  }

  delete(path: string) {
    return this.request('DELETE', path);
  }

  /** A multipart form, as a browser's FormData upload sends it (fetch writes the boundary). */
  upload(path: string, form: FormData) {
    return this.request('POST', path, { body: form });
  }
}

/** An answer as the tests read it: status, headers, the loose JSON `data` and the raw text. */
export type TestResponse = Awaited<ReturnType<TestClient['request']>>;

/**
 * The status of a GET with If-None-Match, sent through node:http: fetch marks a conditional
 * request no-cache, which rightly defeats revalidation.
 */
export function conditionalGetStatus(url: string, etag: string): Promise<number | undefined> {
  return new Promise((resolve, reject) =>
    httpGet(url, { headers: { 'If-None-Match': etag } }, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', reject),
  );
}
