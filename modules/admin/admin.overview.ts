import type { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import { addisDay } from '../../kernel/calendar/index.ts';
import { countUsersSince } from '../accounts/index.ts';
import { raisedSince } from '../donations/index.ts';
import { openFlagTargets } from '../flags/index.ts';
import { countFundraisersSince } from '../fundraisers/index.ts';
import { lastJobRun } from '../jobs/index.ts';
import { countOutbox } from '../mail/index.ts';
import { fromMinor } from '../money/index.ts';
import { paymentsNeedingAttention } from '../payments/index.ts';
import { latestSiteBuilds } from '../site-builds/index.ts';
import { searchAudit } from './admin.audit.ts';
import type { overviewResponse } from './admin.schemas.ts';
import { auditEventView, siteBuildView } from './admin.views.ts';

const dayMs = 24 * 60 * 60_000;

/**
 * The dashboard as of `now`: money raised, new fundraisers and users over the last day, week
 * and month (Addis Ababa days), what waits for an admin, the site's last build beside the one
 * `serving`, and the latest admin actions. Read one after another: on SQLite a request has one
 * connection.
 */
export async function adminOverview(em: EntityManager, now: Date, serving: { id: string; builtAt: string } | null): Promise<z.output<typeof overviewResponse>> {
  const day = (daysAgo: number) => addisDay(new Date(now.getTime() - daysAgo * dayMs));
  // An Addis Ababa day starts at 21:00 UTC the evening before.
  const since = (daysAgo: number) => new Date(`${day(daysAgo)}T00:00:00+03:00`);
  const raised = async (daysAgo: number) =>
    (await raisedSince(em, day(daysAgo))).map((r) => ({ currency: r.currency, amount: fromMinor(r.amountMinor, r.currency), donations: r.donations }));
  const counts = async (count: (em: EntityManager, since: Date) => Promise<number>) => ({ today: await count(em, since(0)), days7: await count(em, since(6)), days30: await count(em, since(29)) });
  const attention = await paymentsNeedingAttention(em, now);
  const reconciliation = await lastJobRun(em, 'reconcile-payments');
  const builds = await latestSiteBuilds(em, 1);
  const audit = await searchAudit(em, { page: 0, size: 10 });
  return {
    raised: { today: await raised(0), days7: await raised(6), days30: await raised(29) },
    newFundraisers: await counts(countFundraisersSince),
    newUsers: await counts(countUsersSince),
    openFlags: await openFlagTargets(em),
    payments: {
      ...attention,
      reconciliation: reconciliation ? { at: reconciliation.at.toISOString(), outcome: reconciliation.outcome, failed: reconciliation.outcome.startsWith('failed') } : null,
    },
    mail: { failed: await countOutbox(em, 'FAILED'), queued: await countOutbox(em, 'QUEUED') },
    site: { lastBuild: builds[0] ? siteBuildView(builds[0]) : null, serving },
    audit: audit.events.map(auditEventView),
  };
}
