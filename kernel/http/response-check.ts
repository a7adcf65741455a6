import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

/** A route answered JSON that its `response` schema, and so the OpenAPI document, does not describe. */
export class ResponseMismatch extends Error {
  override readonly name = 'ResponseMismatch';
}

/**
 * Why the JSON a route is about to send differs from its `response` schema, or null when it
 * does not. Fields the schema does not name count too: zod would drop them without a word,
 * and the document would not show them.
 */
export function responseProblem(schema: z.ZodType | undefined, json: Buffer): string | null {
  if (!schema) return 'it answers a body but declares no response schema';
  const sent: unknown = JSON.parse(json.toString('utf8'));
  const parsed = schema.safeParse(sent);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const unnamed = unnamedFields(sent, parsed.data, '');
  if (unnamed.length > 0) return `fields the schema does not name: ${unnamed.join(', ')}`;
  if (!isDeepStrictEqual(parsed.data, sent)) return 'the schema changes the answer (a transform or a default), so it does not describe the JSON as sent';
  return null;
}

/**
 * Throws (and says so on stderr, which the test runner shows whatever the log level) when
 * the answer differs from the schema. For tests: it parses every answer it is given.
 */
export function assertResponse(routeName: string, schema: z.ZodType | undefined, json: Buffer): void {
  const problem = responseProblem(schema, json);
  if (problem === null) return;
  const text = `${routeName} answered what its response schema does not describe:\n${problem}`;
  process.emitWarning(text, 'ResponseMismatch');
  throw new ResponseMismatch(text);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function unnamedFields(sent: unknown, parsed: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => unnamedFields(item, parsed[i], `${path}[${i}]`));
  if (!isRecord(sent) || !isRecord(parsed)) return [];
  return Object.keys(sent).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in parsed ? unnamedFields(sent[key], parsed[key], at) : [at];
  });
}
