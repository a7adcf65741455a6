import { ForeignKeyConstraintViolationException, NotFoundError } from '@mikro-orm/core';
import { isDatabaseBusy } from '../db/index.ts';
import type { AppContext, AppMiddleware } from './context.ts';
import type { ErrorBody } from './error.schemas.ts';
import { AppError, type FieldErrors } from './errors.ts';
import type { MessageParams, Messages } from './messages.ts';

/**
 * The one place errors become responses. Known errors keep their status, and their codes
 * (the error's and each field's) become texts in the request's language here, so services
 * never pick a language; anything unknown is logged with the request id and answered with
 * a generic 500, never a stack or raw SQL (the id lets support find the log line).
 */
export function errorHandler(messages: Messages, renderErrorPage: (ctx: AppContext, status: number) => Promise<boolean>): AppMiddleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      const error = normalise(caught);
      // A deliberate 5xx (a provider down, too busy to render, the database locked by another
      // process) is a state, not a defect: no stack for it.
      if (error.status >= 500 && (caught instanceof AppError || error === databaseBusy)) ctx.state.log.warn({ status: error.status, code: error.code }, 'answered unavailable');
      else if (error.status >= 500) ctx.state.log.error({ err: caught }, 'unhandled error');
      // The client gets a plain 409; the log keeps the statement, which names the check the code lacked.
      else if (caught instanceof ForeignKeyConstraintViolationException) ctx.state.log.warn({ err: caught }, 'foreign key refused a change');
      ctx.status = error.status;
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      if (!ctx.path.startsWith('/api/') && ctx.method === 'GET' && ctx.accepts('html') === 'html') {
        if (await renderErrorPage(ctx, error.status)) return;
      }
      const say = (code: string, params?: MessageParams) => {
        if (!messages.has(code)) ctx.state.log.error({ code }, 'no catalogue has a text for this code');
        return messages.text(ctx.state.lang, code, params);
      };
      const body: ErrorBody = {
        status: error.status,
        code: error.code,
        message: say(error.code, error.params),
        ...(error.fields ? { fields: fieldTexts(error.fields, say) } : {}),
        requestId: ctx.state.requestId,
      };
      ctx.body = body;
    }
  };
}

function fieldTexts(fields: FieldErrors, say: (code: string, params?: MessageParams) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, problem]) => [field, say(problem.code, problem.params)]));
}

/**
 * Another connection held the lock a write needed for longer than the driver waits (a SQLite
 * file written by another process, a MySQL lock wait timeout or deadlock): retrying shortly
 * will very likely work, so the client is told that rather than shown a failure.
 */
const databaseBusy = new AppError(503, 'database_busy', { headers: { 'Retry-After': '5' } });

function normalise(caught: unknown): AppError {
  if (caught instanceof AppError) return caught;
  if (isDatabaseBusy(caught)) return databaseBusy;
  if (caught instanceof NotFoundError) return new AppError(404, 'not_found');
  // A row that refers to one just deleted, or a delete of one still referred to: the state
  // changed under the request, which is a conflict to reload and retry, not a server fault.
  if (caught instanceof ForeignKeyConstraintViolationException) return new AppError(409, 'conflict');
  const status = (caught as { status?: unknown; expose?: unknown }).status;
  // Errors raised by Koa itself (ctx.throw, body limits) carry a client status and are safe to report by code.
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const codes: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict', 413: 'payload_too_large', 415: 'unsupported_media_type', 429: 'too_many_requests' };
    return new AppError(status, codes[status] ?? 'validation_failed');
  }
  return new AppError(500, 'internal_error');
}
