import { auditActions, auditTargetTypes, isKnown, type AuditEvent } from '../../lib/admin';
import { fill, textLang } from '../../lib/format';
import { EmptyState } from '../reports/parts';
import type { AdminMessages } from './messages';
import { Badge, Moment } from './parts';

type M = AdminMessages<'audit'>;

/** An action as the log names it ('fundraiser.suspend'), in words; one this page does not know, as it comes. */
export function actionLabel(m: M, action: string): string {
  return isKnown(auditActions, action) ? m[`audit.action.${action}`] : action;
}

export function targetLabel(m: M, event: Pick<AuditEvent, 'targetType' | 'targetId' | 'targetLabel'>): string {
  const type = isKnown(auditTargetTypes, event.targetType) ? m[`audit.target.${event.targetType}`] : event.targetType;
  return event.targetId === null ? `${type}: ${event.targetLabel}` : fill(m['audit.targetNumbered'], { type, id: event.targetId, label: event.targetLabel });
}

/** "Asked" (a refund sent to its provider, its answer to come) and "Failed" stand out; "Done" is what most are. */
export function OutcomeBadge({ m, outcome }: { m: M; outcome: string }) {
  if (outcome === 'failed') return <Badge tone="bad">{m['audit.outcome.failed']}</Badge>;
  if (outcome === 'asked') return <Badge tone="warn">{m['audit.outcome.asked']}</Badge>;
  return <Badge tone="quiet">{outcome === 'done' ? m['audit.outcome.done'] : outcome}</Badge>;
}

/** The latest actions, for the dashboard: what, on what, by whom, when and why. */
export function AuditEventList({ lang, events, m }: { lang: 'en' | 'am'; events: AuditEvent[]; m: M }) {
  if (events.length === 0) return <EmptyState icon="list" title={m['audit.empty']} />;
  return (
    <ul className="divide-y divide-line" data-testid="audit-latest">
      {events.map((event) => (
        <li key={event.id} className="py-3">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {actionLabel(m, event.action)} <OutcomeBadge m={m} outcome={event.outcome} />
          </p>
          <p className="text-sm break-words">{targetLabel(m, event)}</p>
          <p className="text-xs text-muted">
            <Moment lang={lang} iso={event.at} /> · {event.actor.email}
          </p>
          {event.reason && (
            <p className="mt-1 line-clamp-2 text-sm text-muted italic break-words" lang={textLang(event.reason)}>
              “{event.reason}”
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
