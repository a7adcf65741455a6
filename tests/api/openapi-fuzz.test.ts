import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { MikroORM } from '@mikro-orm/core';
import { kernelMessages } from '../../kernel/http/index.ts';
import { fakeUser, signIn } from '../helpers/accounts.ts';
import { fakeFundraiser } from '../helpers/fundraisers.ts';
import type { TestClient, TestResponse } from '../helpers/http-client.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Every operation the API documents, fed bad input derived from its own schema: each field
 * (body, query, path) with control and text-direction characters, far too long, of the wrong
 * type; bodies missing, not JSON, nested past reason, too large. Nothing may answer 5xx or
 * 2xx, every refusal has the error shape, and nothing may reach the database.
 */

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  method: string;
  /** OpenAPI syntax: /api/fundraisers/{id} */
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

interface BadRequest {
  operation: Operation;
  label: string;
  path: string;
  body?: string | FormData;
  contentType?: string;
  /** The field that must be named as holding control or text-direction characters. */
  refusedField?: string;
}

interface Answer {
  request: BadRequest;
  lang: 'en' | 'am';
  status: number;
  data: TestResponse['data'];
  text: string;
}

/** One of each kind of refused character; the NUL byte and U+202E are sent for every field. */
const rotatingCharacters = ['\u001B', '\u007F', '\u0085', '\u2066', '\u000B', '\u009F', '\u202A', '\u0008'];
/** Fits under the 1 MiB body limit, so the field's own rules must refuse it. */
const megabyteString = 'a'.repeat(1_000_000);
/** Under the 16 KB that Node allows for a request line and headers. */
const longUrlString = 'a'.repeat(8_000);

describe('the OpenAPI document, every operation fuzzed with bad input', () => {
  let app: TestApp;
  let client: TestClient;
  let operations: Operation[];
  let ids: Record<string, number>;
  const answers: Answer[] = [];
  let rowsBefore: Record<string, unknown[]>;
  let rowsAfter: Record<string, unknown[]>;

  before(async () => {
    app = await startTestApp();
    // An admin, so that the admin routes read their input too (anyone else is refused first).
    const owner = await fakeUser(app.orm, { admin: true });
    const fundraiser = await fakeFundraiser(app.orm, owner.user);
    client = app.client();
    await signIn(client, owner);
    const update = await client.post(`/api/fundraisers/${fundraiser.id}/updates`, { content: 'We reached half of the goal, thank you all.' });
    assert.equal(update.status, 201, update.text);
    ids = { users: owner.user.id, fundraisers: fundraiser.id, updates: update.data.id };

    operations = documentedOperations((await client.get('/api/openapi.json')).data);
    const requests = operations.flatMap((operation) => badRequests(operation, ids));

    rowsBefore = await snapshot(app.orm);
    for (const [index, request] of requests.entries()) {
      client.lang = index % 2 === 0 ? 'en' : 'am';
      const headers = request.contentType ? { 'Content-Type': request.contentType } : undefined;
      const response = await client.request(request.operation.method.toUpperCase(), request.path, { body: request.body, headers });
      answers.push({ request, lang: client.lang, status: response.status, data: response.data, text: response.text });
    }
    rowsAfter = await snapshot(app.orm);
  });
  after(() => app?.close());

  it('covers every operation that takes input or has an unsafe method', () => {
    const exercised = new Set(answers.map((a) => key(a.request.operation)));
    const expected = operations.filter((o) => o.parameters.length > 0 || o.body || o.method !== 'get');
    assert.ok(expected.length >= 30, `only ${expected.length} operations documented`);
    assert.deepEqual(expected.map(key).filter((k) => !exercised.has(k)), []);
  });

  it('answers every bad request with a 4xx (never 5xx, never success) in the error shape', () => {
    const wrong = answers.filter((a) => !(a.status >= 400 && a.status < 500 && hasErrorShape(a)));
    assert.deepEqual(wrong.map(describeAnswer), [], `${wrong.length} of ${answers.length} requests answered wrongly`);
  });

  it('names the field that holds control or text-direction characters, in the language asked for', () => {
    const refusals = answers.filter((a) => a.request.refusedField);
    assert.ok(refusals.length > 100, `only ${refusals.length} requests carried refused characters`);
    const wrong = refusals.filter(
      (a) => a.status !== 400 || a.data?.fields?.[a.request.refusedField!] !== kernelMessages[a.lang]['field.control_characters'],
    );
    assert.deepEqual(wrong.map(describeAnswer), []);
  });

  it('writes nothing to the database, and leaves the caller signed in', async () => {
    assert.deepEqual(rowsAfter, rowsBefore);
    assert.equal((await client.get('/api/auth/status')).data.authenticated, true);
  });

  it('still takes what people type: Amharic, emoji, tabs, line breaks and right-to-left script', async () => {
    const content = 'ሰላም ለሁላችሁ 🙏\r\n\tThank you, שלום, and see you soon.';
    const posted = await client.post(`/api/fundraisers/${ids.fundraisers}/updates`, { content });
    assert.equal(posted.status, 201, posted.text);
    assert.equal(posted.data.content, 'ሰላም ለሁላችሁ 🙏\n\tThank you, שלום, and see you soon.');
  });
});

function key(operation: Operation): string {
  return `${operation.method.toUpperCase()} ${operation.path}`;
}

interface DocumentedOperation {
  parameters?: Parameter[];
  requestBody?: { content?: { 'application/json'?: { schema?: JsonSchema } } };
}

function documentedOperations(document: { paths: Record<string, Record<string, DocumentedOperation>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => ({
      method,
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
}

/** What one bad request changes in an otherwise valid one; `raw` is sent as the body as it is. */
interface Changes {
  path?: Record<string, string>;
  query?: Array<[string, string]>;
  body?: unknown;
  raw?: string;
  contentType?: string;
  refusedField?: string;
}

function badRequests(operation: Operation, ids: Record<string, number>): BadRequest[] {
  const requests: BadRequest[] = [];
  const pathValues = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathExample(operation.path, p, ids)]),
  );
  const queryValues = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(example(p.name, p.schema, ids))]),
  );
  const bodyValues = operation.body ? requiredBody(operation.body, pathValues, ids) : undefined;
  const url = (path: Record<string, string>, query: Array<[string, string]>) => {
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(path[name]!));
    return query.length ? `${filled}?${new URLSearchParams(query)}` : filled;
  };
  const add = (label: string, changes: Changes) => {
    const query = changes.query ?? [];
    const queryNames = new Set(query.map(([name]) => name));
    const json = 'body' in changes ? changes.body : bodyValues;
    const body = changes.raw ?? (json === undefined ? undefined : JSON.stringify(json));
    requests.push({
      operation,
      label,
      path: url({ ...pathValues, ...changes.path }, [...Object.entries(queryValues).filter(([name]) => !queryNames.has(name)), ...query]),
      body,
      contentType: changes.contentType ?? (body === undefined ? undefined : 'application/json'),
      refusedField: changes.refusedField,
    });
  };
  let rotation = 0;
  const tainted = (value: unknown) => {
    const text = String(value);
    const middle = Math.ceil(text.length / 2);
    const extra = rotatingCharacters[rotation++ % rotatingCharacters.length]!;
    return ['\u0000', '\u202E', extra].map((c) => ({ c, value: text.slice(0, middle) + c + text.slice(middle) }));
  };
  const label = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

  for (const parameter of operation.parameters) {
    const { name } = parameter;
    const value = parameter.in === 'path' ? pathValues[name]! : String(example(name, parameter.schema, ids));
    const put = (text: string) => (parameter.in === 'path' ? { path: { [name]: text } } : { query: [[name, text]] as Array<[string, string]> });
    for (const { c, value: bad } of tainted(value)) add(`${parameter.in} ${name} with ${label(c)}`, { ...put(bad), refusedField: name });
    add(`${parameter.in} ${name} far too long`, put(longUrlString));
    for (const wrong of wrongTextFor(parameter.schema)) add(`${parameter.in} ${name} = ${wrong}`, put(wrong));
    if (parameter.in === 'query') add(`query ${name} given twice`, { query: [[name, value], [name, value]] });
  }

  if (operation.body && bodyValues) {
    for (const [name, schema] of Object.entries(operation.body.properties ?? {})) {
      const value = bodyValues[name] ?? example(name, schema, ids);
      const withField = (v: unknown) => ({ body: { ...bodyValues, [name]: v } });
      for (const { c, value: bad } of tainted(value)) add(`body ${name} with ${label(c)}`, { ...withField(bad), refusedField: name });
      add(`body ${name} of a million characters`, withField(megabyteString));
      for (const wrong of wrongJsonFor(schema)) add(`body ${name} = ${JSON.stringify(wrong)}`, withField(wrong));
    }
    add('body missing', { raw: '', contentType: 'application/json' });
    for (const whole of [null, [], 'text', 12, [bodyValues]]) add(`body ${JSON.stringify(whole)}`, { body: whole });
    add('body nested 100,000 deep', { raw: '['.repeat(100_000) + ']'.repeat(100_000) });
    add('body with a refused key', { body: { ...bodyValues, 'x\u0000': 'y' }, refusedField: 'x\u0000' });
  }
  if (operation.path.includes('/webhooks/')) {
    // Its signature is the provider's business; a payload with a NUL byte must still be refused cleanly.
    add('webhook payload with U+0000', { raw: JSON.stringify({ id: 'evt_\u0000', type: 'payment_intent.succeeded' }) });
  }
  if (operation.path === '/api/media/upload') requests.push(...uploadRequests(operation, ids));
  if (operation.method !== 'get') {
    add('body that is not JSON', { raw: '{"name": "Abebe",', contentType: 'application/json' });
    add('body as plain text', { raw: 'name=Abebe', contentType: 'text/plain' });
    add('body over 1 MiB', { raw: JSON.stringify({ text: 'a'.repeat(1_100_000) }) });
  }
  return requests;
}

/** The upload is multipart, which the document does not describe field by field. */
function uploadRequests(operation: Operation, ids: Record<string, number>): BadRequest[] {
  const fields = { entityType: 'FUNDRAISER', entityId: String(ids.fundraisers) };
  return Object.keys(fields).flatMap((name) =>
    ['\u0000', '\u202E'].map((c) => {
      const form = new FormData();
      for (const [field, value] of Object.entries(fields)) form.set(field, field === name ? value + c : value);
      form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'photo.jpg');
      return { operation, label: `form field ${name} with a refused character`, path: operation.path, body: form, refusedField: name };
    }),
  );
}

/** Required properties only, so that one bad field is the only thing wrong with the request. */
function requiredBody(schema: JsonSchema, pathValues: Record<string, string>, ids: Record<string, number>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) body[name] = example(name, schema.properties![name]!, ids);
  // A body id repeats the id in the address.
  if (schema.properties?.id && pathValues.id) body.id = Number(pathValues.id);
  return body;
}

let addresses = 0;
/** A new address each time: a known one would stop registration before its fields are stored. */
const freshEmail = () => `fuzz-${++addresses}@example.com`;

const named: Record<string, (ids: Record<string, number>) => unknown> = {
  email: freshEmail,
  donorEmail: freshEmail,
  password: () => 'Fuzz-Correct-Horse-71',
  newPassword: () => 'Fuzz-Correct-Horse-71',
  amount: () => '100.00',
  goalAmount: () => '1500.00',
  phone: () => '+251 911 234 567',
  fundraiserId: (ids) => ids.fundraisers,
  userId: (ids) => ids.users,
  updateId: (ids) => ids.updates,
};

function example(name: string, schema: JsonSchema, ids: Record<string, number>): unknown {
  const branch = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
  if (branch.enum) return branch.enum[0];
  if (named[name]) return named[name](ids);
  const types = typesOf(branch);
  if (types.includes('integer') || types.includes('number')) return 1;
  if (types.includes('boolean')) return false;
  if (branch.pattern) return 'Abcdefghijklmnopqrstu';
  return 'Fuzzing text long enough for any field';
}

function pathExample(path: string, parameter: Parameter, ids: Record<string, number>): string {
  // {id} is the id of the collection named just before it, when the suite made one.
  const collection = parameter.name === 'id' ? /\/(\w+)\/\{id\}/.exec(path)?.[1] : undefined;
  return String((collection && ids[collection]) ?? example(parameter.name, parameter.schema, ids));
}

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (schema.enum) return ['enum'];
  return schema.type === undefined ? [] : [schema.type].flat();
}

/** Wrong values as they would arrive in a URL, where everything is text. */
function wrongTextFor(schema: JsonSchema): string[] {
  const types = typesOf(schema);
  if (types.includes('enum')) return ['not-a-choice'];
  if (types.includes('integer')) return ['abc', '1.5', '-1', '99999999999999999999999'];
  return [];
}

/** Wrong JSON types for a body property. */
function wrongJsonFor(schema: JsonSchema): unknown[] {
  const types = typesOf(schema);
  const wrong: unknown[] = [];
  // A property of no declared type (an amount: text or a number) is still never an object, a list or a yes/no.
  if (types.length === 0) return [{ value: 1 }, ['text'], true];
  if (types.includes('string') || types.includes('enum')) wrong.push(12345, ['text']);
  if (types.includes('integer') || types.includes('number')) wrong.push({ value: 1 }, [1], '1');
  if (types.includes('boolean')) wrong.push('yes');
  return wrong;
}

function hasErrorShape(answer: Answer): boolean {
  const d = answer.data;
  return (
    d !== undefined &&
    d.status === answer.status &&
    typeof d.code === 'string' &&
    typeof d.message === 'string' &&
    d.message.length > 0 &&
    typeof d.requestId === 'string' &&
    (d.fields === undefined || Object.values(d.fields).every((m) => typeof m === 'string'))
  );
}

function describeAnswer(answer: Answer): string {
  return `${key(answer.request.operation)} [${answer.request.label}] → ${answer.status} ${answer.text.slice(0, 160)}`;
}

/** Every row of every table but the sessions (whose expiry slides with each request). */
async function snapshot(orm: MikroORM): Promise<Record<string, unknown[]>> {
  const connection = orm.em.getConnection();
  const tables = [...orm.getMetadata().getAll().values()]
    .filter((meta) => !meta.embeddable && !meta.virtual && meta.tableName && meta.tableName !== 'session')
    .map((meta) => meta.tableName)
    .sort();
  const rows: Record<string, unknown[]> = {};
  for (const table of new Set(tables)) rows[table] = await connection.execute(`select * from ${table} order by 1`);
  return rows;
}
