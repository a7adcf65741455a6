import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export interface ChapaClientOptions {
  secretKey: string;
  /** Another address for Chapa's API (with its /v1): tests point it at a local stand-in. */
  apiBase?: string | undefined;
}

const defaultApiBase = 'https://api.chapa.co/v1';

/** Give up rather than hold a person's request; the reconciliations ask again later. */
const timeoutMs = 20_000;

/** Every answer of Chapa's API has this envelope; `data` is what the call returns. */
const envelope = z.object({ message: z.unknown().optional(), status: z.string().optional(), data: z.unknown().optional() });

/** Chapa's refusal, with its HTTP status and words (a 404 from verify means "not paid yet"); `fromChapa` false for an answer not in its envelope. */
export type ChapaError = Error & { chapaStatus: number; chapaMessage: string; fromChapa: boolean };

const chapaError = (status: number, message: string, fromChapa: boolean): ChapaError =>
  Object.assign(new Error(`Chapa answered ${status}: ${message}`), { chapaStatus: status, chapaMessage: message, fromChapa });
export const isChapaError = (error: unknown): error is ChapaError => error instanceof Error && typeof (error as Partial<ChapaError>).chapaStatus === 'number';

export type ChapaCall = (method: 'GET' | 'POST', path: string, body?: unknown, waitMs?: number) => Promise<{ status: number; data: unknown; message: string }>;

/**
 * Chapa's API over fetch, for payments and payouts alike: the published clients are thin, and
 * one re-serialises a webhook's body before checking its signature. Only an answer in Chapa's
 * envelope is Chapa's word; anything else (a proxy's page, a wrong CHAPA_API_BASE) is an
 * error that says it did not come from Chapa.
 */
export function chapaClient(options: ChapaClientOptions): ChapaCall {
  const apiBase = (options.apiBase ?? defaultApiBase).replace(/\/+$/, '');
  return async (method, path, body, waitMs = timeoutMs) => {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: { Authorization: `Bearer ${options.secretKey}`, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(waitMs),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy's HTML error page, say: the status speaks for it.
    }
    const parsed = envelope.safeParse(json);
    const message = parsed.success ? (typeof parsed.data.message === 'string' ? parsed.data.message : JSON.stringify(parsed.data.message ?? '')) : text.slice(0, 200);
    if (!parsed.success || typeof parsed.data.status !== 'string') throw chapaError(response.status, message, false);
    if (!response.ok || parsed.data.status === 'failed') throw chapaError(response.status, message, true);
    return { status: response.status, data: parsed.data.data ?? null, message };
  };
}

/** Whether `signature` is the hex HMAC-SHA256 of the exact bytes received, keyed with `secret`: how Chapa signs its webhooks and its approval calls. */
export function chapaSignatureValid(rawBody: Buffer, secret: string | undefined, signature: unknown): boolean {
  if (!secret || typeof signature !== 'string') return false;
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
