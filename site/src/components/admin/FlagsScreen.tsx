import { useState } from 'react';
import { adminPageSize, filterQuery, flagReasons, reasonLength, type FlagGroup, type FlagResolution, type Page } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { fill, textLang } from '../../lib/format';
import { formatCount, formatMoment } from '../../lib/report';
import { Section } from '../reports/parts';
import { useActionDialog, type ActionRequest } from './ActionDialog';
import type { AdminMessages, AdminPaths } from './messages';
import { Badge, Moment, OutcomeNote, PagedList, rowButtonClass, rowDangerButtonClass, type Outcome } from './parts';
import { useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'flags' | 'fundraiserStatus'>;
type Resolution = FlagResolution['action'];

const noFilters = {};

/**
 * The review queue: what visitors reported, one card per comment, donor's message or
 * fundraiser, the longest-waiting first. Dismissing, hiding or suspending resolves every open
 * report of it at once.
 */
export default function FlagsScreen({ lang, paths, m }: { lang: Lang; paths: AdminPaths; m: M }) {
  const [filters, setFilters] = useAddressFilters(noFilters);
  const { loaded, retry, update } = useAdminGet<Page<FlagGroup>>(`/api/admin/flags?${filterQuery({ status: 'OPEN', page: filters.page }, adminPageSize)}`, lang, m);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { open, dialog } = useActionDialog(m);

  const questions: Record<Resolution, Omit<ActionRequest, 'run'>> = {
    DISMISS: {
      title: m['flags.dismissTitle'],
      text: m['flags.dismissText'],
      confirm: m['flags.dismiss'],
      field: { name: 'note', label: m['flags.noteOptional'], hint: m['flags.dismissHint'], ...reasonLength, optional: true },
    },
    HIDE_COMMENT: {
      title: m['flags.hideTitle'],
      text: m['flags.hideText'],
      confirm: m['flags.hide'],
      danger: true,
      field: { name: 'note', label: m['flags.note'], hint: m['flags.hideHint'], ...reasonLength },
    },
    SUSPEND_FUNDRAISER: {
      title: m['flags.suspendTitle'],
      text: m['flags.suspendText'],
      confirm: m['flags.suspend'],
      danger: true,
      field: { name: 'note', label: m['flags.note'], hint: m['flags.suspendHint'], ...reasonLength },
    },
  };

  const resolve = (group: FlagGroup, action: Resolution) =>
    open({
      ...questions[action],
      run: async (note) => {
        const answer = await apiFetch<FlagResolution>(`/api/admin/flags/${group.id}/resolve`, { method: 'POST', body: { action, note: note || undefined }, lang });
        const emptied = loaded.data?.content.length === 1;
        update((page) => ({ ...page, content: page.content.filter((g) => g.id !== group.id), totalElements: Math.max(0, page.totalElements - 1) }));
        setOutcome({ done: true, text: fill(m[`flags.resolved.${answer.action}`], { count: formatCount(lang, answer.resolved) }) });
        // The last card of the page went: the next ones move up into it.
        if (emptied) retry();
      },
    });

  return (
    <div data-testid="admin-flags">
      <Section title={m['flags.title']} intro={m['flags.intro']}>
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['flags.empty'], text: m['flags.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(groups) => (
            <ul className="space-y-4">
              {groups.map((group) => (
                <li key={group.id}>
                  <FlagCard lang={lang} group={group} paths={paths} m={m} onResolve={(action) => resolve(group, action)} />
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </Section>
      <OutcomeNote outcome={outcome} />
      {dialog}
    </div>
  );
}

function FlagCard({ lang, group, paths, m, onResolve }: { lang: Lang; group: FlagGroup; paths: AdminPaths; m: M; onResolve: (action: Resolution) => void }) {
  const { target } = group;
  const isFundraiser = group.targetType === 'FUNDRAISER';
  return (
    <article className="rounded-lg border border-line p-4" aria-labelledby={`flag-${group.id}`} data-testid="flag-group">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap gap-2">
            <Badge tone="quiet">{m[`flags.target.${group.targetType}`]}</Badge>
            {target.gone && <Badge tone="warn">{m['flags.gone']}</Badge>}
            {target.fundraiserStatus && target.fundraiserStatus !== 'ACTIVE' && <Badge tone="warn">{m[`fundraiserStatus.${target.fundraiserStatus}`]}</Badge>}
          </p>
          <h3 id={`flag-${group.id}`} className="mt-2 font-semibold break-words" lang={textLang(target.label)}>
            {isFundraiser ? target.label : `“${target.label}”`}
          </h3>
          {target.fundraiserId !== null && (
            <a href={`${paths.fundraiser}${target.fundraiserId}`} className="text-sm underline-offset-4 hover:underline">
              {isFundraiser ? m['flags.openFundraiser'] : m['flags.openWhere']}
            </a>
          )}
        </div>
        <p className="text-end">
          <span className="block text-2xl font-extrabold tabular-nums">{formatCount(lang, group.count)}</span>
          <span className="text-sm text-muted">{m['flags.reports']}</span>
        </p>
      </div>

      <p className="mt-2 text-sm text-muted">{fill(m['flags.when'], { first: formatMoment(lang, group.firstAt), last: formatMoment(lang, group.lastAt) })}</p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={m['flags.byReason']}>
        {flagReasons
          .filter((reason) => group.reasons[reason] > 0)
          .map((reason) => (
            <li key={reason}>
              <Badge tone={reason === 'FRAUD' || reason === 'ABUSE' ? 'bad' : 'quiet'}>{fill(m['flags.reasonCount'], { reason: m[`flags.reason.${reason}`], count: formatCount(lang, group.reasons[reason]) })}</Badge>
            </li>
          ))}
      </ul>

      {group.latest.length > 0 && (
        <>
          <h4 className="mt-3 text-sm font-semibold">{m['flags.latest']}</h4>
          <ul className="mt-1 space-y-2">
            {group.latest.map((report) => (
              <li key={report.id} className="rounded-md bg-sunken px-3 py-2 text-sm">
                <p className="text-muted">
                  <span className="font-semibold text-ink">{m[`flags.reason.${report.reason}`]}</span> · <Moment lang={lang} iso={report.createdAt} /> · {report.signedIn ? m['flags.bySignedIn'] : m['flags.byVisitor']}
                </p>
                {report.details && (
                  <p className="mt-1 break-words whitespace-pre-line" lang={textLang(report.details)}>
                    {report.details}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={rowButtonClass} onClick={() => onResolve('DISMISS')}>
          {m['flags.dismiss']}
        </button>
        {!target.gone && !isFundraiser && (
          <button type="button" className={rowDangerButtonClass} onClick={() => onResolve('HIDE_COMMENT')}>
            {group.targetType === 'DONATION' ? m['flags.hideWords'] : m['flags.hide']}
          </button>
        )}
        {!target.gone && isFundraiser && (
          <button type="button" className={rowDangerButtonClass} onClick={() => onResolve('SUSPEND_FUNDRAISER')}>
            {m['flags.suspend']}
          </button>
        )}
      </div>
    </article>
  );
}
