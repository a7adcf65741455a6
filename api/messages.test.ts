import assert from 'node:assert/strict';
import { globSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { languages } from '../kernel/http/index.ts';
import { serverMessages } from './messages.ts';

const ethiopic = /[\u1200-\u137F]/;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** The error classes whose argument is a code; `super(...)` in a subclass names one too. */
const raisers = /\b(super|new (AppError|BadRequest|Unauthorized|Forbidden|NotFound|Conflict|ValidationFailed))\(/g;
/** `{ code: 'field.required' }` (a field's problem, a table of codes) and `code = 'forbidden'` (a default). */
const namedCode = /\bcode\s*[:=]\s*'([^']+)'/g;
/** A field's message code wherever it is written, such as a zod refinement's `params: { message: 'field.…' }`. */
const fieldCode = /'(field\.[a-z_]+)'/g;
/** `code: '…'` that names no message: zod's own issue codes. */
const notMessageCodes = new Set(['custom']);

/**
 * Where a code is worked out at run time rather than written out, and every code it can be.
 * A new place like this fails the test until it is listed here with its codes.
 */
const computedCodes: Record<string, string[]> = {
  // The error classes hand their argument on; their defaults are written `code = '…'`.
  'kernel/http/errors.ts': [],
  'kernel/http/error-handler.ts': ['unauthorized', 'forbidden', 'not_found', 'conflict', 'payload_too_large', 'unsupported_media_type', 'too_many_requests', 'validation_failed'],
  'modules/accounts/account-token.service.ts': [
    'verification_token_invalid',
    'verification_token_used',
    'verification_token_expired',
    'reset_token_invalid',
    'reset_token_used',
    'reset_token_expired',
  ],
  'modules/accounts/account.passport.ts': ['invalid_credentials', 'google_credential_invalid'],
  // ProviderFailed is a plain Error for the log, answered as ProviderUnreachable or PaymentCheckFailed.
  'modules/payments/payment.errors.ts': [],
};

/** The arguments of the call whose `(` is at `open`, as written, split at its top-level commas. */
function callArguments(source: string, open: number): string[] {
  const args: string[] = [];
  let current = '';
  let depth = 0;
  let quote: string | null = null;
  for (let i = open + 1; i < source.length; i += 1) {
    const c = source[i]!;
    if (quote) {
      current += c;
      if (c === '\\') current += source[(i += 1)] ?? '';
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth += 1;
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        if (current.trim()) args.push(current.trim());
        return args;
      }
      depth -= 1;
    } else if (c === ',' && depth === 0) {
      args.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  return args;
}

/** The message codes a source file raises as written, and the expressions it raises codes from. */
function codesIn(source: string): { codes: Set<string>; computed: string[] } {
  const codes = new Set<string>();
  const computed: string[] = [];
  for (const match of source.matchAll(raisers)) {
    const args = callArguments(source, match.index + match[0].length - 1);
    const statusFirst = match[2] === 'AppError' || match[2] === 'ValidationFailed' || (match[1] === 'super' && /^\d+$/.test(args[0] ?? ''));
    const code = args[statusFirst ? 1 : 0];
    if (code === undefined) continue;
    const literal = /^'([^']+)'$/.exec(code);
    if (literal) codes.add(literal[1]!);
    else computed.push(code);
  }
  for (const [, code] of source.matchAll(namedCode)) if (!notMessageCodes.has(code!)) codes.add(code!);
  for (const [, code] of source.matchAll(fieldCode)) codes.add(code!);
  return { codes, computed };
}

/** Every server source but tests and the catalogues themselves. */
function sources(): Array<{ file: string; source: string }> {
  return globSync('{api,kernel,modules,scripts}/**/*.ts', { cwd: new URL('..', import.meta.url) })
    .filter((file) => !file.endsWith('.test.ts') && !file.endsWith('messages.ts'))
    .map((file) => ({ file, source: readFileSync(new URL(`../${file}`, import.meta.url), 'utf8') }));
}

describe('server messages', () => {
  it('has every code in both languages: the Amharic in Ethiopic, not a copy of the English, with the same placeholders', () => {
    assert.ok(serverMessages.codes.length > 80, `only ${serverMessages.codes.length} codes`);
    for (const code of serverMessages.codes) {
      const [en, am] = languages.map((lang) => serverMessages.text(lang, code));
      assert.doesNotMatch(en!, ethiopic, `${code} in English`);
      assert.match(am!, ethiopic, `${code} in Amharic`);
      assert.notEqual(am, en, code);
      assert.deepEqual(placeholders(am!), placeholders(en!), `${code}: the same placeholders in both languages`);
    }
  });

  it('finds codes where they are raised, and tells a computed one from a written one', () => {
    const found = codesIn(`
      class Gone extends NotFound { constructor() { super('thing_gone'); } }
      class Big extends AppError { constructor(max: number) { super(413, 'thing_too_big', { params: { max } }); } }
      throw new AppError(503, 'thing_busy', { headers: { 'Retry-After': '5' } });
      throw new Forbidden();
      throw new ValidationFailed({ name: { code: 'field.name_taken' }, email: problems.email }, 'thing_refused');
      ctx.addIssue({ code: 'custom', params: { message: 'field.thing_format' } });
      throw new BadRequest(\`\${prefix}_invalid\`);
    `);
    assert.deepEqual([...found.codes].sort(), ['field.name_taken', 'field.thing_format', 'thing_busy', 'thing_gone', 'thing_refused', 'thing_too_big']);
    assert.deepEqual(found.computed, ['`${prefix}_invalid`']);
  });

  it('has a text for every code the server raises, and raises every code it has a text for', () => {
    const raised = new Set<string>(Object.values(computedCodes).flat());
    const computedIn: Record<string, string[]> = {};
    for (const { file, source } of sources()) {
      const found = codesIn(source);
      for (const code of found.codes) raised.add(code);
      if (found.computed.length) computedIn[file] = found.computed;
    }
    assert.deepEqual(Object.keys(computedIn).sort(), Object.keys(computedCodes).sort(), `codes worked out at run time: ${JSON.stringify(computedIn)}`);
    assert.deepEqual([...raised].filter((code) => !serverMessages.has(code)).sort(), [], 'raised, but in no catalogue');
    assert.deepEqual(serverMessages.codes.filter((code) => !raised.has(code)).sort(), [], 'in a catalogue, but never raised');
  });
});
