import type { z } from 'zod';
import { ValidationFailed, type FieldErrors } from './errors.ts';
import type { Language } from './language.ts';
import { message } from './messages.ts';
import { fieldsWithRefusedCharacters } from './text.ts';

type Issue = z.core.$ZodIssue;

/** Turns zod's issues into one message per field, in the request's language. */
export function fieldErrors(issues: readonly Issue[], lang: Language): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] ??= message(lang, 'field.unknown');
      continue;
    }
    const name = issue.path.length ? issue.path.join('.') : '_';
    fields[name] ??= issueMessage(issue, lang);
  }
  return fields;
}

function issueMessage(issue: Issue, lang: Language): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return message(lang, 'field.required');
      if (issue.expected === 'number') return message(lang, 'field.number');
      if (issue.expected === 'int') return message(lang, 'field.integer');
      return message(lang, 'field.invalid');
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? message(lang, 'field.required')
          : message(lang, 'field.too_short', { min: Number(issue.minimum) });
      }
      return message(lang, 'field.too_small', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return message(lang, 'field.too_long', { max: Number(issue.maximum) });
      return message(lang, 'field.too_big', { max: Number(issue.maximum) });
    case 'invalid_format':
      return issue.format === 'email' ? message(lang, 'field.email') : message(lang, 'field.invalid');
    case 'invalid_value':
      return message(lang, 'field.choice', { options: issue.values.map(String).join(', ') });
    case 'custom': {
      // A refinement may name its message (a catalogue key) and the values to fill in.
      const { message: key, ...params } = (issue.params ?? {}) as Record<string, string | number>;
      return typeof key === 'string' && key.startsWith('field.') ? message(lang, key, params) : message(lang, 'field.invalid');
    }
    default:
      return message(lang, 'field.invalid');
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
export function check<S extends z.ZodType>(schema: S, value: unknown, lang: Language): Checked<z.output<S>> {
  const refused = fieldsWithRefusedCharacters(value);
  // Without the input in each issue, a value of the wrong type would read as a missing one.
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success && refused.length === 0) return { ok: true, data: result.data };
  const fields = result.success ? {} : fieldErrors(result.error.issues, lang);
  for (const field of refused) fields[field] = message(lang, 'field.control_characters');
  return { ok: false, fields };
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, lang: Language): z.output<S> {
  const checked = check(schema, value, lang);
  if (!checked.ok) throw new ValidationFailed(checked.fields);
  return checked.data;
}
