import type { z } from 'zod';
import { ValidationFailed, type FieldErrors, type FieldProblem } from './errors.ts';
import { fieldsWithRefusedCharacters } from './text.ts';

type Issue = z.core.$ZodIssue;

/** Turns zod's issues into one problem per field; the error handler words it in the request's language. */
export function fieldErrors(issues: readonly Issue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= { code: 'field.unknown' };
      continue;
    }
    const name = issue.path.length ? issue.path.join('.') : '_';
    fields[name] ??= issueProblem(issue);
  }
  return fields;
}

function issueProblem(issue: Issue): FieldProblem {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return { code: 'field.required' };
      if (issue.expected === 'number') return { code: 'field.number' };
      if (issue.expected === 'int') return { code: 'field.integer' };
      return { code: 'field.invalid' };
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? { code: 'field.required' } : { code: 'field.too_short', params: { min: Number(issue.minimum) } };
      }
      return { code: 'field.too_small', params: { min: Number(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string') return { code: 'field.too_long', params: { max: Number(issue.maximum) } };
      return { code: 'field.too_big', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'field.email' : 'field.invalid' };
    case 'invalid_value':
      return { code: 'field.choice', params: { options: issue.values.map(String).join(', ') } };
    case 'custom': {
      // A refinement may name its message (a catalogue code) and the values to fill in.
      const { message: code, ...params } = (issue.params ?? {}) as Record<string, string | number>;
      return typeof code === 'string' && code.startsWith('field.') ? { code, params } : { code: 'field.invalid' };
    }
    default:
      return { code: 'field.invalid' };
  }
}

export type Checked<T> = { ok: true; data: T } | { ok: false; fields: FieldErrors };

/**
 * The one gate request input passes before a handler sees it. Control and text-direction
 * characters are refused here, whatever the field's schema, rather than cleaned up field by
 * field: a value a schema forgot to clean would otherwise reach the database (MikroORM writes
 * values into the SQL text, and SQLite ends a statement at a NUL byte) or a page (after
 * U+202E a name is shown backwards).
 */
export function check<S extends z.ZodType>(schema: S, value: unknown): Checked<z.output<S>> {
  const refused = fieldsWithRefusedCharacters(value);
  // Without the input in each issue, a value of the wrong type would read as a missing one.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success && refused.length === 0) return { ok: true, data: result.data };
  const fields = result.success ? {} : fieldErrors(result.error.issues);
  for (const field of refused) fields[field] = { code: 'field.control_characters' };
  return { ok: false, fields };
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const checked = check(schema, value);
  if (!checked.ok) throw new ValidationFailed(checked.fields);
  return checked.data;
}
