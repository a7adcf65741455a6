import { createServer } from 'node:net';
import { ConfigError } from './config.ts';

/**
 * Binds where the app is to listen and lets go at once, so that a port another process holds,
 * or a HOST that is not this machine's, stops the start before the database is migrated and the
 * site built, in one line naming the variable.
 */
export async function assertCanListen(port: number, host: string | undefined): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(port, host, resolve);
    });
  } catch (error) {
    throw listeningProblem(error, port, host);
  }
  await new Promise<void>((resolve) => probe.close(() => resolve()));
}

/** Why the app cannot listen at PORT and HOST, said as the configuration to change; any other failure as it is. */
export function listeningProblem(error: unknown, port: number, host: string | undefined): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const where = host ? `${host}:${port}` : `port ${port}`;
  if (code === 'EADDRINUSE') return new ConfigError(`PORT: ${where} is taken by another process; stop it, or choose another PORT`);
  if (code === 'EACCES') return new ConfigError(`PORT: ${where} needs privileges this process lacks; choose a PORT above 1023`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ConfigError(`HOST: ${host} is not an address of this machine (${code}); unset HOST to listen on all of them`);
  }
  return error;
}
