import { ApiError } from './api.ts';

/** The words for a failed call: the server's own (already in the page's language) when it gave some. */
export function errorText(error: unknown, messages: { network: string; unexpected: string }): string {
  if (error instanceof ApiError) return error.message || messages.unexpected;
  if (error instanceof TypeError) return messages.network;
  return messages.unexpected;
}

/** The field messages of a 400 answer, for the fields a form has. */
export function fieldErrorsOf<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const field of fields) {
    const message = error.fields[field];
    if (message) found[field] = message;
  }
  return found;
}
