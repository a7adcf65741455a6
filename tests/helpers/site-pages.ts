import type { MikroORM } from '@mikro-orm/core';
import { createLogger } from '../../api/logger.ts';
import { buildSourceHash, type SiteBuild } from '../../api/site/index.ts';
import type { TestApp } from './test-app.ts';
import type { TestClient } from './http-client.ts';

/** Pages rendered on demand read data in process, not from the snapshot: any build of these sources serves them. */
export async function buildOfTheseSources(app: TestApp): Promise<SiteBuild | null> {
  const { builder } = app.site;
  const current = await builder.loadCurrent();
  if (current?.handler && current.info.sourceHash === buildSourceHash(app.config)) return current;
  await builder.buildIfStale(app.orm.em.fork(), app.config, createLogger('silent'));
  return builder.loadCurrent();
}

/** Every SQL statement the app sends while `work` runs. */
export async function statementsDuring(orm: MikroORM, work: () => Promise<unknown>): Promise<string[]> {
  const connection = orm.em.getConnection() as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
  const original = connection.execute;
  const seen: string[] = [];
  connection.execute = function (this: unknown, ...args: unknown[]) {
    const query = args[0];
    seen.push(typeof query === 'string' ? query : JSON.stringify(query));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    connection.execute = original;
  }
  return seen;
}

/** The statements that read a fundraiser row: one per page made. */
export const fundraiserReads = (statements: string[]): number => statements.filter((sql) => /from `fundraiser`/.test(sql)).length;

/** A page as a browser asks for it, without following redirects. */
export const page = (url: string, headers: Record<string, string> = {}): Promise<Response> => fetch(url, { headers: { Accept: 'text/html', ...headers }, redirect: 'manual' });

/** The Cookie header a signed-in test client sends. */
export const cookieOf = (client: TestClient): string => [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
