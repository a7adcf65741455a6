import type { MessageParams } from './messages.ts';

/** What is wrong with one field: a message code and the values its text is filled with. */
export interface FieldProblem {
  code: string;
  params?: MessageParams;
}

/** Each field's problem, by field name (a dotted path); translated only when the answer is written. */
export type FieldErrors = Record<string, FieldProblem>;

/**
 * An error a person can act on. `code` is stable for clients; the message is looked up
 * in the request's language by the error middleware, so services never pick a language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly params: MessageParams;
  readonly fields: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    options: { params?: MessageParams; fields?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(code);
    this.status = status;
    this.code = code;
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.headers = options.headers ?? {};
  }
}

export class ValidationFailed extends AppError {
  constructor(fields: FieldErrors, code = 'validation_failed') {
    super(400, code, { fields });
  }
}

export class BadRequest extends AppError {
  constructor(code: string) {
    super(400, code);
  }
}

export class Unauthorized extends AppError {
  constructor(code = 'unauthorized') {
    super(401, code);
  }
}

export class Forbidden extends AppError {
  constructor(code = 'forbidden') {
    super(403, code);
  }
}

export class NotFound extends AppError {
  constructor(code = 'not_found') {
    super(404, code);
  }
}

export class Conflict extends AppError {
  constructor(code = 'conflict') {
    super(409, code);
  }
}

export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(429, 'too_many_requests', {
      params: { minutes: Math.ceil(seconds / 60) },
      headers: { 'Retry-After': String(seconds) },
    });
  }
}
