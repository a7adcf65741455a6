import { AppError, BadRequest } from './errors.ts';
import type { AppMiddleware } from './context.ts';

const limitBytes = 1024 * 1024;
const methodsWithBody = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Reads a JSON body and keeps the raw bytes beside it: webhook signatures are checked on
 * the exact bytes received, before anything is parsed from them.
 */
export function jsonBody(): AppMiddleware {
  return async (ctx, next) => {
    if (!methodsWithBody.has(ctx.method) || !ctx.path.startsWith('/api/') || !hasBody(ctx.req.headers)) {
      return next();
    }
    if (ctx.is('multipart/form-data')) return next();
    if (!ctx.is('application/json', '+json')) throw new AppError(415, 'unsupported_media_type');
    const raw = await readLimited(ctx.req, limitBytes);
    ctx.request.rawBody = raw;
    const text = raw.toString('utf8');
    if (text.trim() === '') {
      ctx.request.body = undefined;
    } else {
      try {
        ctx.request.body = JSON.parse(text);
      } catch {
        throw new BadRequest('invalid_json');
      }
    }
    return next();
  };
}

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;
}

async function readLimited(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new AppError(413, 'payload_too_large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
