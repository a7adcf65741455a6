import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { SessionSchema, type Session } from './session.entity.ts';

/** Spec section 9: 30 minutes idle by default, 60 with remember-me; plus a hard cap. */
export const sessionLifetimes = {
  idleMs: 30 * 60_000,
  rememberedIdleMs: 60 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  rememberedAbsoluteMs: 7 * 24 * 60 * 60_000,
  /** Sliding the expiry on every request would mean a write per request; once a minute is enough. */
  touchEveryMs: 60_000,
} as const;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function findLiveSession(em: EntityManager, token: string, now = new Date()): Promise<Session | null> {
  const session = await em.findOne(SessionSchema, { id: hashToken(token) });
  if (!session) return null;
  if (session.expiresAt <= now || session.absoluteExpiresAt <= now) {
    await em.nativeDelete(SessionSchema, { id: session.id });
    return null;
  }
  return session;
}

export async function createSession(
  em: EntityManager,
  input: { userId: number | null; rememberMe: boolean; data?: Record<string, unknown> },
  now = new Date(),
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const idle = input.rememberMe ? sessionLifetimes.rememberedIdleMs : sessionLifetimes.idleMs;
  const absolute = input.rememberMe ? sessionLifetimes.rememberedAbsoluteMs : sessionLifetimes.absoluteMs;
  const session = em.create(SessionSchema, {
    id: hashToken(token),
    userId: input.userId,
    data: input.data ?? {},
    rememberMe: input.rememberMe,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + idle),
    absoluteExpiresAt: new Date(now.getTime() + absolute),
  });
  await em.persist(session).flush();
  return { token, session };
}

/** Slides the idle expiry forward, at most once per `touchEveryMs`. */
export async function touchSession(em: EntityManager, session: Session, now = new Date()): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < sessionLifetimes.touchEveryMs) return;
  const idle = session.rememberMe ? sessionLifetimes.rememberedIdleMs : sessionLifetimes.idleMs;
  session.lastSeenAt = now;
  session.expiresAt = new Date(Math.min(now.getTime() + idle, session.absoluteExpiresAt.getTime()));
  await em.flush();
}

export async function destroySession(em: EntityManager, session: Session): Promise<void> {
  await em.nativeDelete(SessionSchema, { id: session.id });
}

export async function destroyUserSessions(em: EntityManager, userId: number, exceptId?: string): Promise<number> {
  return em.nativeDelete(SessionSchema, exceptId ? { userId, id: { $ne: exceptId } } : { userId });
}

export async function purgeExpiredSessions(em: EntityManager, now = new Date()): Promise<number> {
  return em.nativeDelete(SessionSchema, { $or: [{ expiresAt: { $lte: now } }, { absoluteExpiresAt: { $lte: now } }] });
}
