import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A load balancer in miniature: each request goes to the next upstream in turn, and on to the
 * one after when an upstream cannot be reached (a killed instance), as a proxy with health
 * checks would. `x-served-by` tells a test which upstream answered.
 */
export async function startRoundRobin(upstreams: { name: string; url: string }[]) {
  let next = 0;
  const alive = new Set(upstreams.map((u) => u.name));

  function forward(req: IncomingMessage, res: ServerResponse, body: Buffer, attempt: number): void {
    const candidates = upstreams.filter((u) => alive.has(u.name));
    if (attempt >= upstreams.length || candidates.length === 0) {
      res.writeHead(502).end();
      return;
    }
    const upstream = candidates[next++ % candidates.length]!;
    const target = new URL(req.url ?? '/', upstream.url);
    const proxied = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': upstream.name });
      answer.pipe(res);
    });
    proxied.on('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return void res.destroy();
      // Refused before it was read: no upstream saw it, so another may take it.
      if (error.code === 'ECONNREFUSED') {
        alive.delete(upstream.name);
        forward(req, res, body, attempt + 1);
      } else res.writeHead(502).end();
    });
    proxied.end(body);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
