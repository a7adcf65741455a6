import type { Socket } from 'node:net';

/**
 * Where on-demand pages reach this process's own /api: the address and port the request
 * came in on, which are certainly listening, whatever PORT said (0 takes any free port)
 * and whichever interfaces the app is bound to. Never the Host header, which the visitor
 * writes.
 */
export function arrivalBase(socket: Pick<Socket, 'localAddress' | 'localPort'>): string {
  const { localAddress, localPort } = socket;
  if (!localAddress || !localPort) throw new Error('the request has no local address to reach the API at');
  // A dual-stack socket reports IPv4 clients as ::ffff:a.b.c.d; the plain form is the same address.
  const address = /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(localAddress) ? localAddress.slice('::ffff:'.length) : localAddress;
  return `http://${address.includes(':') ? `[${address}]` : address}:${localPort}`;
}
