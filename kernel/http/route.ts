import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { z } from 'zod';
import type { AppContext, AppMiddleware } from './context.ts';
import type { MicroCache } from './micro-cache.ts';
import { ValidationFailed, type FieldErrors } from './errors.ts';
import { check, type Checked } from './validation.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteDefinition<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
> {
  method: Method;
  /** Koa-router syntax: `/api/categories/:id`. */
  path: string;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Documents the success answer; not enforced at run time. */
  response?: z.ZodType;
  /** Success status; 200 unless said otherwise. */
  status?: number;
  /**
   * Seconds browsers may keep a success answer. Only for public answers that are the same
   * for everyone (they may also be answered from the in-process micro cache).
   */
  cache?: number;
  handler: (input: { body: z.output<B>; query: z.output<Q>; params: z.output<P>; ctx: AppContext }) => Promise<unknown>;
}

/**
 * One route definition feeds both validation and the OpenAPI document, so the two cannot
 * drift apart. The handler receives parsed input only; it never touches `ctx.request.body`.
 */
export function route<B extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType>(
  definition: RouteDefinition<B, Q, P>,
): RouteDefinition {
  return definition as unknown as RouteDefinition;
}

/**
 * Dispatches /api requests to the route definitions through a radix-tree router (one
 * lookup, whatever the number of routes); a request no route matches goes on to `next`.
 */
export function routes(definitions: readonly RouteDefinition[], options: { microCache?: MicroCache } = {}): AppMiddleware {
  const router = FindMyWay({ ignoreTrailingSlash: true });
  for (const definition of definitions) {
    router.on(definition.method.toUpperCase() as HTTPMethod, definition.path, () => undefined, definition);
  }
  return async (ctx, next) => {
    const found = router.find((ctx.method === 'HEAD' ? 'GET' : ctx.method) as HTTPMethod, ctx.path);
    if (!found) return next();
    const definition = found.store as RouteDefinition;
    const lang = ctx.state.lang;
    // Every field's problem in one answer, wherever in the request (body, query, path) it was.
    const problems: FieldErrors = {};
    let failed = false;
    const valid = (checked: Checked<unknown>) => {
      if (checked.ok) return checked.data;
      failed = true;
      Object.assign(problems, checked.fields);
      return undefined;
    };
    const body = definition.body ? valid(check(definition.body, ctx.request.body, lang)) : undefined;
    const query = definition.query ? valid(check(definition.query, ctx.query, lang)) : undefined;
    const params = definition.params ? valid(check(definition.params, found.params, lang)) : undefined;
    if (failed) throw new ValidationFailed(problems);
    const result = await definition.handler({ body, query, params, ctx });
    if (ctx.body === undefined && ctx.status === 404) {
      ctx.status = definition.status ?? (result === undefined ? 204 : 200);
      if (result !== undefined) {
        // Handing Node a Buffer rather than a string spares it the slow path of writing
        // non-ASCII (Amharic) text; a handler may also return JSON it has already encoded.
        ctx.type = 'application/json; charset=utf-8';
        const json = Buffer.isBuffer(result) ? result : Buffer.from(JSON.stringify(result));
        ctx.body = json;
        if (definition.cache && ctx.status === 200 && ctx.querystring === '') {
          const cacheControl = `public, max-age=${definition.cache}`;
          ctx.set('Cache-Control', cacheControl);
          options.microCache?.remember(ctx.path, json, cacheControl);
        }
      }
    }
  };
}

/** Builds the OpenAPI 3.1 document from the same zod schemas the routes validate with. */
export function openApiDocument(definitions: readonly RouteDefinition[], info: { title: string; version: string; url: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of definitions) {
    const path = d.path.replace(/:(\w+)/g, '{$1}');
    const parameters = [
      ...schemaParameters(d.params, 'path'),
      ...schemaParameters(d.query, 'query'),
    ];
    const operation: Record<string, unknown> = {
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
        Error: {
          type: 'object',
          required: ['status', 'code', 'message', 'requestId'],
          properties: {
            status: { type: 'integer' },
            code: { type: 'string' },
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'string' } },
            requestId: { type: 'string' },
          },
        },
      },
    },
  };
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' });
}

function schemaParameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const json = toJsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}
