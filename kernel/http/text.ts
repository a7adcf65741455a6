/** Text fields of requests, normalised the same way everywhere before zod checks their length. */

/**
 * Characters no person types into a form: C0 controls other than tab and line breaks, DEL,
 * C1 controls, and the bidirectional embeddings, overrides, isolates and marks that make a
 * name or title read differently from what it stores (after U+202E, the rest is shown
 * backwards; between digits, the left-to-right, right-to-left and Arabic letter marks
 * U+200E, U+200F and U+061C reorder them, so that 12, RLM, 34, RLM, 56 is shown as 125634).
 */
const refusedCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const mostFieldsNamed = 20;

/**
 * Where in a parsed request value (JSON body, query, path parameters, form fields) a string
 * holds a refused character, as dotted field paths ('_' for the value itself). Iterative, so
 * a deeply nested body cannot exhaust the stack, and it stops at a few fields, which is enough
 * to tell a person what to fix.
 */
export function fieldsWithRefusedCharacters(value: unknown): string[] {
  const found: string[] = [];
  // Each entry links to its parent, so a path is spelled out only for a field that is refused.
  const pending: FieldNode[] = [{ value, key: '', parent: null }];
  for (let node = pending.pop(); node && found.length < mostFieldsNamed; node = pending.pop()) {
    if (typeof node.value === 'string') {
      if (refusedCharacters.test(node.value)) found.push(pathOf(node));
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) {
        const childNode = { value: child, key, parent: node };
        if (refusedCharacters.test(key)) found.push(pathOf(childNode));
        else pending.push(childNode);
      }
    }
  }
  return found;
}

interface FieldNode {
  value: unknown;
  key: string;
  parent: FieldNode | null;
}

function pathOf(node: FieldNode): string {
  const keys: string[] = [];
  for (let at: FieldNode | null = node; at?.parent; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join('.') : '_';
}

/**
 * Line breaks become \n (control characters never get this far: the request is refused first),
 * and a lone surrogate becomes U+FFFD here, as the database would store it, so that the answer
 * shows what is kept.
 */
export const plainText = (value: string): string => value.toWellFormed().replace(/\r\n?/g, '\n').trim();

/** Characters that draw nothing: zero-width spaces and joiners, the word joiner, BOM, soft hyphen, Hangul fillers. */
const invisible = /[\s\u00AD\u034F\u115F\u1160\u180E\u200B-\u200D\u2060\uFEFF\u3164\uFFA0]/g;

/** The text, or '' when it would show nothing at all (so that a "required" check refuses it). */
export const visibleOrEmpty = (value: string): string => (value.replace(invisible, '') === '' ? '' : value);

/** A single line: any run of whitespace (line breaks included) becomes one space. */
export const oneLine = (value: string): string => plainText(value).replace(/\s+/g, ' ');

export const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);
