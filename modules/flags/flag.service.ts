import { createHmac } from 'node:crypto';
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { User } from '../accounts/index.ts';
import { findVisibleComment, findVisibleWords } from '../comments/index.ts';
import { findVisible } from '../fundraisers/index.ts';
import { consume, release, take, type Limit } from '../rate-limits/index.ts';
import { FlagSchema } from './flag.entity.ts';
import type { FlagRequest } from './flag.schemas.ts';

/** Enough for someone reporting what they came across; too few to bury the review queue. */
export const flagLimits = {
  perAddress: { limit: 20, windowMs: 60 * 60_000 },
  perUser: { limit: 20, windowMs: 60 * 60_000 },
  /**
   * Reports of one target stored from one address a day, signed in or not: a household may
   * share a router, while accounts are cheap to make and a pile of reports can look like a
   * verdict to a moderator.
   */
  perTargetPerAddress: { limit: 3, windowMs: 24 * 60 * 60_000 },
} as const satisfies Record<string, Limit>;

export interface FlagService {
  /**
   * Stores a report of a comment, fundraiser or donor's words of support that `reporter` can
   * see (404 otherwise). A reporter's repeated report of the same target is the same report:
   * the first one stays. Beyond `perTargetPerAddress`, a report from the same address is not
   * stored, and answered as if it were.
   */
  report(em: EntityManager, input: FlagRequest, reporter: { user: User | null; ip: string }): Promise<void>;
}

/**
 * `secret` keys the hash a visitor's address is kept as: without it, the hash of any of the
 * four billion IPv4 addresses could be worked out and matched.
 */
export function createFlagService(deps: { secret: string }): FlagService {
  const addressKey = (ip: string) => `address:${createHmac('sha256', deps.secret).update(`flag-reporter:${ip}`).digest('hex').slice(0, 40)}`;
  return {
    async report(em, input, reporter) {
      await consume(em, `flag:ip:${reporter.ip}`, flagLimits.perAddress);
      if (reporter.user) await consume(em, `flag:user:${reporter.user.id}`, flagLimits.perUser);
      if (input.targetType === 'FUNDRAISER') await findVisible(em, reporter.user, input.targetId);
      else if (input.targetType === 'DONATION') await findVisibleWords(em, reporter.user, input.targetId);
      else await findVisibleComment(em, reporter.user, input.targetId);
      const fromAddress = `flag:target:${input.targetType}:${input.targetId}:ip:${reporter.ip}`;
      if ((await take(em, fromAddress, flagLimits.perTargetPerAddress)) > 0) return;
      let stored = false;
      try {
        await em.insert(FlagSchema, {
          targetType: input.targetType,
          targetId: input.targetId,
          reason: input.reason,
          details: input.details ?? null,
          reporter: reporter.user?.id ?? null,
          reporterKey: reporter.user ? `user:${reporter.user.id}` : addressKey(reporter.ip),
          createdAt: new Date(),
        });
        stored = true;
      } catch (error) {
        // Reported before by the same reporter: that report stands, and this one is the same.
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
      } finally {
        // The bound is on reports stored: one that is not leaves its place to the next reporter.
        if (!stored) await release(em, fromAddress, flagLimits.perTargetPerAddress);
      }
    },
  };
}
