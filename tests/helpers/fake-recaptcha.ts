import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/**
 * Stands in for reCAPTCHA's siteverify on loopback: a form-encoded POST in, the v3 JSON answer
 * out. Tokens: `human-*` scores 0.9, `bot-*` scores 0.1, `used-*` is a reused token, anything
 * else is invalid; a wrong secret is refused as Google refuses it.
 */
export async function startFakeRecaptcha(secret: string) {
  const requests: SiteverifyRequest[] = [];
  let down = false;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (down) {
        res.statusCode = 502;
        res.end('bad gateway');
        return;
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const request = { secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip') };
      requests.push(request);
      const token = request.response ?? '';
      let answer: Record<string, unknown>;
      if (req.method !== 'POST' || request.secret !== secret) answer = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (token.startsWith('human-')) answer = { success: true, score: 0.9, action: token.slice(6) || 'submit', hostname: 'localhost' };
      else if (token.startsWith('bot-')) answer = { success: true, score: 0.1, action: 'submit', hostname: 'localhost' };
      else if (token.startsWith('used-')) answer = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else answer = { success: false, 'error-codes': ['invalid-input-response'] };
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    setDown(value: boolean) {
      down = value;
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
