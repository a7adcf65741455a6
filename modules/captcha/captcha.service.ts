import type { Logger } from 'pino';
import { AppError, Forbidden, ValidationFailed, type AppContext } from '../../kernel/http/index.ts';

export interface CaptchaOptions {
  /** Unset: the check is off (start-up warns about it). */
  secret: string | undefined;
  verifyUrl: string;
  /** reCAPTCHA v3 scores from 0.0 (a bot) to 1.0 (a person). */
  minScore: number;
  timeoutMs?: number;
  logger?: Logger;
}

export interface CaptchaVerdict {
  ok: boolean;
  score: number | null;
  action: string | null;
  errorCodes: string[];
}

export interface Captcha {
  readonly enabled: boolean;
  /**
   * The route-level bot check: reads `captchaToken` from the query string (never the body)
   * and throws 400 when it is missing, 403 when it is refused or scores too low, 503 when the
   * verifier cannot be reached. `action`, when given, must match the action the page asked for.
   * Does nothing while the check is off.
   */
  require(ctx: AppContext, action?: string): Promise<void>;
  /** Asks siteverify about one token; for callers outside a request. */
  verify(token: string, options?: { remoteIp?: string; action?: string }): Promise<CaptchaVerdict>;
}

interface SiteverifyAnswer {
  success?: unknown;
  score?: unknown;
  action?: unknown;
  'error-codes'?: unknown;
}

export class CaptchaUnavailable extends AppError {
  constructor() {
    super(503, 'captcha_unavailable');
  }
}

export function createCaptcha(options: CaptchaOptions): Captcha {
  const secret = options.secret;
  const timeoutMs = options.timeoutMs ?? 5000;

  async function verify(token: string, input: { remoteIp?: string; action?: string } = {}): Promise<CaptchaVerdict> {
    if (!secret) return { ok: true, score: null, action: null, errorCodes: [] };
    const form = new URLSearchParams({ secret, response: token });
    if (input.remoteIp) form.set('remoteip', input.remoteIp);
    let answer: SiteverifyAnswer;
    try {
      const response = await fetch(options.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
      answer = (await response.json()) as SiteverifyAnswer;
    } catch (error) {
      // Fail closed: an unreachable verifier must not turn the bot check off.
      options.logger?.error({ err: error }, 'reCAPTCHA siteverify failed');
      throw new CaptchaUnavailable();
    }
    const score = typeof answer.score === 'number' ? answer.score : null;
    const action = typeof answer.action === 'string' ? answer.action : null;
    const errorCodes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    // v3 always reports a score; an answer without one (a v2 key) is judged on success alone.
    const ok =
      answer.success === true &&
      (score === null || score >= options.minScore) &&
      (input.action === undefined || action === input.action);
    return { ok, score, action, errorCodes };
  }

  return {
    enabled: Boolean(secret),
    verify,
    async require(ctx, action) {
      if (!secret) return;
      const raw = ctx.query.captchaToken;
      const token = typeof raw === 'string' ? raw.trim() : '';
      if (!token) {
        throw new ValidationFailed({ captchaToken: { code: 'captcha_required' } }, 'captcha_required');
      }
      if (token.length > 4096) throw new Forbidden('captcha_failed');
      const verdict = await verify(token, { remoteIp: ctx.state.clientIp, action });
      if (!verdict.ok) {
        ctx.state.log.info({ score: verdict.score, action: verdict.action, errorCodes: verdict.errorCodes }, 'bot check refused');
        throw new Forbidden('captcha_failed');
      }
    },
  };
}
