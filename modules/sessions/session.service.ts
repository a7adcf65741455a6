import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { SessionSchema, type Session } from './session.entity.ts';

export interface SessionLifetimes {
  readonly idleMs: number;
  readonly rememberedIdleMs: number;
  readonly absoluteMs: number;
  readonly rememberedAbsoluteMs: number;
  /** Sliding the expiry on every request would mean a write per request; once a minute is enough. */
  readonly touchEveryMs: number;
}

/**
 * Lifetimes for the configured idle timeouts (SESSION_IDLE_MINUTES and
 * SESSION_REMEMBERED_IDLE_MINUTES). The expiry slides at most once a minute, and more often
 * only for idle timeouts so short (tests) that a minute would be a large part of them.
 */
export function sessionLifetimesFor(idle: { idleMinutes: number; rememberedIdleMinutes: number }): SessionLifetimes {
  const idleMs = idle.idleMinutes * 60_000;
  const rememberedIdleMs = idle.rememberedIdleMinutes * 60_000;
  return Object.freeze({
    idleMs,
    rememberedIdleMs,
    absoluteMs: 12 * 60 * 60_000,
    rememberedAbsoluteMs: 7 * 24 * 60 * 60_000,
    touchEveryMs: Math.min(60_000, Math.floor(Math.min(idleMs, rememberedIdleMs) / 10)),
  });
}

/** 30 minutes idle by default, 60 with remember-me (the site's inactivity timers count the same); plus a hard cap. */
export const sessionLifetimes: SessionLifetimes = sessionLifetimesFor({ idleMinutes: 30, rememberedIdleMinutes: 60 });

/** The idle timeout of a session with or without remember-me. */
export function idleLifetimeMs(lifetimes: SessionLifetimes, rememberMe: boolean): number {
  return rememberMe ? lifetimes.rememberedIdleMs : lifetimes.idleMs;
}

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
  lifetimes: SessionLifetimes = sessionLifetimes,
): Promise<{ token: string; session: Session }> {
  const token = newToken();
  const idle = idleLifetimeMs(lifetimes, input.rememberMe);
  const absolute = input.rememberMe ? lifetimes.rememberedAbsoluteMs : lifetimes.absoluteMs;
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
export async function touchSession(em: EntityManager, session: Session, now = new Date(), lifetimes: SessionLifetimes = sessionLifetimes): Promise<void> {
  if (now.getTime() - session.lastSeenAt.getTime() < lifetimes.touchEveryMs) return;
  const idle = idleLifetimeMs(lifetimes, session.rememberMe);
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
