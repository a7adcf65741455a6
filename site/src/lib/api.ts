/**
 * The one way islands talk to /api: JSON both ways, the anti-forgery header on unsafe
 * methods, and every error answer turned into an ApiError.
 */
import type { ErrorBody } from '../../../kernel/http/error.schemas.ts';

/** The API's error shape; `requestId` is missing only when the answer was not the API's (a proxy's page, a dropped connection). */
export type ApiErrorBody = Omit<ErrorBody, 'requestId'> & Partial<Pick<ErrorBody, 'requestId'>>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly requestId: string | undefined;

  constructor(body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.requestId = body.requestId;
  }
}

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as Accept-Language so that error messages come back in the page's language. */
  lang?: string;
  signal?: AbortSignal;
};

const xsrfCookie = 'XSRF-TOKEN';

function readXsrfCookie(): string | undefined {
  const prefix = `${xsrfCookie}=`;
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(prefix));
  return cookie === undefined ? undefined : decodeURIComponent(cookie.slice(prefix.length));
}

/**
 * The server sets the cookie on every response, but a visitor whose only visit so far was
 * a cached static page may not have it yet: /api/csrf exists to hand it out.
 */
export async function xsrfToken(signal?: AbortSignal): Promise<string | undefined> {
  const token = readXsrfCookie();
  if (token !== undefined) return token;
  await fetch('/api/csrf', { credentials: 'same-origin', signal });
  return readXsrfCookie();
}

export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  try {
    return await send<T>(path, request);
  } catch (error) {
    // The token is bound to the session cookie, which another tab may have changed (a sign-in
    // there, an expiry): the refusal brought a fresh token, so one more try is enough.
    if (error instanceof ApiError && error.code === 'xsrf_failed' && request.method && request.method !== 'GET') return send<T>(path, request);
    throw error;
  }
}

async function send<T>(path: string, request: ApiRequest): Promise<T> {
  const { method = 'GET', body, lang, signal } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (lang) headers['Accept-Language'] = lang;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = await xsrfToken(signal);
    if (token !== undefined) headers['X-XSRF-TOKEN'] = token;
  }

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody>;
    return new ApiError({
      status: response.status,
      code: body.code ?? 'unknown',
      message: body.message ?? '',
      fields: body.fields,
      requestId: body.requestId,
    });
  } catch {
    // Not our JSON (a proxy's error page, say): the caller shows its own wording.
    return new ApiError({ status: response.status, code: 'unknown', message: '' });
  }
}
