import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { z } from 'zod';
import type { AppContext, AppMiddleware } from './context.ts';
import type { MicroCache } from './micro-cache.ts';
import { errorResponse } from './error.schemas.ts';
import { NotFound, ValidationFailed, type FieldErrors } from './errors.ts';
import { idParameters, parseId } from './ids.ts';
import { assertResponse } from './response-check.ts';
import { check, type Checked } from './validation.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

declare const encodedFrom: unique symbol;

/**
 * JSON encoded ahead of time (a cache keeps the bytes) from a value of type T. A handler may
 * return it where a T is due; it is sent as it is.
 */
export type EncodedJson<T> = Buffer & { readonly [encodedFrom]: T };

export function encodeJson<T>(value: T): EncodedJson<T> {
  return Buffer.from(JSON.stringify(value)) as EncodedJson<T>;
}

/** A value JSON carries as it is: what a response schema may describe (no Date, no Map). */
type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

type ResponseSchema = z.ZodType<Json>;

/**
 * What a handler may return: the value its `response` schema describes (or that value's
 * JSON, encoded ahead), or nothing when the route has no `response`. `R['_zod']['output']`
 * rather than `z.output<R>`: with it, and R bound to JSON, a handler's `{ accepted: true }`
 * keeps its literal type while route() is still inferring R. (A string literal written in
 * the handler still widens to string; values typed by an entity or a view do not.)
 */
type Answer<R extends ResponseSchema | undefined> = R extends ResponseSchema ? R['_zod']['output'] | EncodedJson<R['_zod']['output']> : void;

interface RouteBasics {
  method: Method;
  /** Koa-router syntax: `/api/categories/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** Success status; 200 unless said otherwise (204 when the handler returns nothing). */
  status?: number;
  /**
   * Seconds browsers may keep a success answer. Only for public answers that are the same
   * for everyone (they may also be answered from the in-process micro cache).
   */
  cache?: number;
  /**
   * Who may call it, checked before anything else (a visitor learns nothing of what the
   * route would accept): throws 401 or 403, or answers who it let in (the signed-in user),
   * which the handler receives as `user`. The admin routes all have `requireAdmin`.
   */
  guard?: (ctx: AppContext) => Promise<unknown>;
}

export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends ResponseSchema | undefined, G> extends RouteBasics {
  guard?: (ctx: AppContext) => Promise<G>;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * For a GET whose answer is the same for every visitor who is not signed in: what it is
   * read from, by change key (kernel/changes). Such an answer is kept in the micro cache,
   * for requests without a session, until one of these keys changes.
   */
  keptUntilChanged?: (params: z.output<P>) => readonly string[];
  /**
   * The success answer's JSON, as sent: no transforms or defaults. The handler's return type
   * must match it, the OpenAPI document shows it, and in tests every answer is checked
   * against it. Left out, the handler returns nothing: a 204, or a body it sets itself (a file).
   */
  response?: R;
  handler: (input: { body: z.output<B>; query: z.output<Q>; params: z.output<P>; user: G; ctx: AppContext }) => Promise<Answer<R>>;
}

/** A route as the router and the OpenAPI document read it, its types checked by route(). */
export interface RouteDefinition extends RouteBasics {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: ResponseSchema;
  keptUntilChanged?: (params: unknown) => readonly string[];
  handler: (input: { body: unknown; query: unknown; params: unknown; user: unknown; ctx: AppContext }) => Promise<unknown>;
}

/**
 * One route definition feeds validation, the handler's types and the OpenAPI document, so
 * none can drift from the others. The handler receives parsed input only; it never touches
 * `ctx.request.body`.
 */
export function route<
  B extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  R extends ResponseSchema | undefined = undefined,
  G = undefined,
>(definition: RouteSpec<B, Q, P, R, G>): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/** Any JSON, as `z.json()` types it. */
type JsonValue = z.core.util.JSONType;

/** The OpenAPI document, as /api/openapi.json answers it: our outline, and OpenAPI's own shapes as any JSON. */
export const openApiResponse = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string(), version: z.string() }),
  servers: z.array(z.object({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.json())),
  components: z.object({ schemas: z.record(z.string(), z.json()) }),
});
export type OpenApiDocument = z.output<typeof openApiResponse>;

/** A route as the router holds it: its definition, and the path parameters that are ids. */
interface Registered {
  definition: RouteDefinition;
  ids: readonly string[];
}

/**
 * Dispatches /api requests to the route definitions through a radix-tree router (one
 * lookup, whatever the number of routes); a request no route matches goes on to `next`.
 * An id in the path must be spelled canonically (ids.ts): a number written otherwise is a
 * 404, while what is no number at all stays a 400 naming the parameter. With
 * `checkResponses` (the app turns it on when NODE_ENV is test) every JSON answer is
 * held to its route's `response` schema, and one that differs fails with a 500, so the
 * OpenAPI document cannot drift from what is sent.
 *
 * Answers kept in the micro cache are kept under the route's canonical path, whatever
 * spelling the request used. A route that takes no query string answers the same whatever
 * query string comes (a share's `fbclid`), so its kept answer stands for all of them; one
 * that takes a query is kept only for the bare path.
 */
export function routes(definitions: readonly RouteDefinition[], options: { microCache?: MicroCache; checkResponses?: boolean } = {}): AppMiddleware {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const definition of definitions) {
    const registered: Registered = { definition, ids: idParameters(definition.params) };
    router.on(definition.method.toUpperCase() as HTTPMethod, definition.path, () => undefined, registered);
  }
  return async (ctx, next) => {
    const found = router.find((ctx.method === 'HEAD' ? 'GET' : ctx.method) as HTTPMethod, ctx.path);
    if (!found) return next();
    const { definition, ids } = found.store as Registered;
    const user = definition.guard ? await definition.guard(ctx) : undefined;
    // Every field's problem in one answer, wherever in the request (body, query, path) it was.
    const problems: FieldErrors = {};
    let failed = false;
    const valid = (checked: Checked<unknown>) => {
      if (checked.ok) return checked.data;
      failed = true;
      Object.assign(problems, checked.fields);
      return undefined;
    };
    const params = definition.params ? valid(check(definition.params, found.params)) : undefined;
    if (!failed && ids.some((name) => parseId(found.params[name]) === null)) throw new NotFound();
    const body = definition.body ? valid(check(definition.body, ctx.request.body)) : undefined;
    const query = definition.query ? valid(check(definition.query, ctx.query)) : undefined;
    if (failed) throw new ValidationFailed(problems);
    const keepable = ctx.querystring === '' || !definition.query;
    const kept = definition.keptUntilChanged && ctx.method === 'GET' && keepable && !ctx.state.session?.current ? (options.microCache?.watch() ?? null) : null;
    // Noted before the read, so that a change committed during it makes the copy stale.
    if (kept) for (const key of definition.keptUntilChanged?.(params) ?? []) kept.see(key);
    const result = await definition.handler({ body, query, params, user, ctx });
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = definition.status ?? (result === undefined ? 204 : 200);
      if (result !== undefined) {
        // Handing Node a Buffer rather than a string spares it the slow path of writing
        // non-ASCII (Amharic) text; a handler may also return JSON it has already encoded.
        ctx.type = 'application/json; charset=utf-8';
        const json = Buffer.isBuffer(result) ? result : Buffer.from(JSON.stringify(result));
        if (options.checkResponses) assertResponse(`${definition.method.toUpperCase()} ${definition.path}`, definition.response, json);
        ctx.body = json;
        const path = () => canonicalPath(definition.path, found.params);
        const anyQuery = !definition.query;
        if (definition.cache && ctx.status === 200 && keepable) {
          const cacheControl = `public, max-age=${definition.cache}`;
          ctx.set('Cache-Control', cacheControl);
          options.microCache?.remember(path(), json, cacheControl, { anyQuery });
        } else if (kept && ctx.status === 200) {
          options.microCache?.remember(path(), json, ctx.response.get('Cache-Control') || 'no-store', { seen: kept, anyQuery });
        }
      }
    }
  };
}

/** The one spelling of a matched path: its pattern with each parameter as read (an id in decimal, anything else encoded). */
function canonicalPath(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. */
export function openApiDocument(definitions: readonly RouteDefinition[], info: { title: string; version: string; url: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const d of definitions) {
    const path = d.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...schemaParameters(d.params, 'path'),
      ...schemaParameters(d.query, 'query'),
    ];
    const operation: Record<string, JsonValue> = {
      summary: d.summary,
      tags: [d.tag],
      parameters,
      responses: {
        [String(d.status ?? 200)]: {
          description: 'Success',
          ...(d.response ? { content: { 'application/json': { schema: toJsonSchema(d.response, 'output') } } } : {}),
        },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (d.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: toJsonSchema(d.body, 'input') } } };
    }
    (paths[path] ??= {})[d.method] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version },
    servers: [{ url: info.url }],
    paths,
    components: {
      schemas: {
        Error: toJsonSchema(errorResponse, 'output'),
      },
    },
  };
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonValue {
  // A JSON Schema is JSON; zod's type for it allows any value under unknown keywords.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as unknown as JsonValue;
}

function schemaParameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input') as { properties?: Record<string, JsonValue>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}
