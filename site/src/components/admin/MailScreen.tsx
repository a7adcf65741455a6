import { useCallback, useState } from 'react';
import { adminPageSize, filterChecks, filterQuery, mailStatuses, textParts, type AdminMail, type AdminMailDetail, type MailStatus, type Page } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { fill } from '../../lib/format';
import { formatCount } from '../../lib/report';
import { Section } from '../reports/parts';
import { DataTable } from './DataTable';
import { FilterForm, SelectFilter, TextFilter } from './FilterForm';
import type { AdminMessages } from './messages';
import { Badge, Loading, Moment, OutcomeNote, PagedList, rowButtonClass, type BadgeTone, type Outcome } from './parts';
import { failureWords, useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'mail'>;

const checks = { query: filterChecks.text, status: filterChecks.oneOf(mailStatuses) };
const fields = ['query', 'status'] as const;

const statusTones: Record<MailStatus, BadgeTone> = { QUEUED: 'warn', PENDING: 'quiet', SENT: 'good', FAILED: 'bad', LOGGED: 'quiet' };

/**
 * The outbox: every e-mail the platform sent, is sending, failed to send, or kept without
 * sending (no SMTP set up), where a newcomer finds the links a real inbox would have had.
 */
export default function MailScreen({ lang, m }: { lang: Lang; m: M }) {
  const [filters, setFilters] = useAddressFilters(checks);
  const { loaded, retry, update } = useAdminGet<Page<AdminMail>>(`/api/admin/mail?${filterQuery(filters, adminPageSize)}`, lang, m);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [reading, setReading] = useState<number | null>(null);

  const retried = useCallback(
    (mail: AdminMailDetail) => {
      update((page) => ({ ...page, content: page.content.map((row) => (row.id === mail.id ? mail : row)) }));
      setOutcome({ done: true, text: mail.status === 'SENT' ? m['mail.sent'] : m['mail.retried'] });
    },
    [update, m],
  );

  return (
    <div data-testid="admin-mail">
      <Section title={m['mail.search']} intro={m['mail.intro']}>
        <FilterForm label={m['mail.search']} fields={fields} values={filters} m={m} onApply={(values) => setFilters({ ...values, page: 0 })}>
          <TextFilter name="query" type="search" label={m['mail.query']} hint={m['mail.queryHint']} defaultValue={filters.query} wide />
          <SelectFilter
            name="status"
            label={m['mail.statusHeader']}
            defaultValue={filters.status}
            options={[{ value: '', label: m['mail.allStatuses'] }, ...mailStatuses.map((s) => ({ value: s, label: m[`mail.status.${s}`] }))]}
          />
        </FilterForm>
      </Section>
      <OutcomeNote outcome={outcome} />
      <div className="mt-6">
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['mail.empty'], text: m['common.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(rows) => (
            <DataTable
              caption={m['mail.caption']}
              testId="mail-table"
              rows={rows}
              title={{
                header: m['mail.subject'],
                cell: (mail) => (
                  <button
                    type="button"
                    className="cursor-pointer text-start font-semibold text-link underline underline-offset-4"
                    aria-expanded={reading === mail.id}
                    onClick={() => setReading(reading === mail.id ? null : mail.id)}
                  >
                    {mail.subject}
                  </button>
                ),
              }}
              columns={[
                { header: m['mail.to'], cell: (mail) => <span className="break-all">{mail.to}</span> },
                {
                  header: m['mail.statusHeader'],
                  cell: (mail) => (
                    <>
                      <Badge tone={statusTones[mail.status]}>{m[`mail.status.${mail.status}`]}</Badge>
                      {mail.attempts > 1 && <span className="ms-2 text-xs text-muted">{fill(m['mail.tries'], { count: formatCount(lang, mail.attempts) })}</span>}
                    </>
                  ),
                },
                { header: m['mail.created'], cell: (mail) => <Moment lang={lang} iso={mail.createdAt} /> },
              ]}
              detail={(mail) => (reading === mail.id ? <MailReader lang={lang} id={mail.id} m={m} onRetried={retried} onFailed={(text) => setOutcome({ done: false, text })} /> : null)}
            />
          )}
        </PagedList>
      </div>
    </div>
  );
}

/** One e-mail's text as it was sent, its web addresses as links, and Send again for one that failed. */
function MailReader({ lang, id, m, onRetried, onFailed }: { lang: Lang; id: number; m: M; onRetried: (mail: AdminMailDetail) => void; onFailed: (text: string) => void }) {
  const { loaded, retry, update } = useAdminGet<AdminMailDetail>(`/api/admin/mail/${id}`, lang, m);
  const [sending, setSending] = useState(false);

  const sendAgain = async () => {
    if (sending) return;
    setSending(true);
    try {
      const mail = await apiFetch<AdminMailDetail>(`/api/admin/mail/${id}/retry`, { method: 'POST', lang });
      update(() => mail);
      onRetried(mail);
    } catch (error) {
      onFailed(errorText(error, failureWords(m)));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="mt-2 rounded-lg border-2 border-line bg-sunken p-4" aria-label={fill(m['mail.details'], { id })} data-testid="mail-reader">
      <Loading loaded={loaded} retry={retry} m={m}>
        {(mail) => (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              {mail.kind && (
                <>
                  <dt className="text-muted">{m['mail.kind']}</dt>
                  <dd className="font-mono">{mail.kind}</dd>
                </>
              )}
              <dt className="text-muted">{m['mail.attempts']}</dt>
              <dd>{formatCount(lang, mail.attempts)}</dd>
              {mail.sentAt && (
                <>
                  <dt className="text-muted">{m['mail.sentAt']}</dt>
                  <dd>
                    <Moment lang={lang} iso={mail.sentAt} />
                  </dd>
                </>
              )}
              {mail.lastError && (
                <>
                  <dt className="text-muted">{m['mail.lastError']}</dt>
                  <dd className="break-words text-danger">{mail.lastError}</dd>
                </>
              )}
            </dl>
            {mail.text === null ? (
              <p className="mt-3 text-sm text-muted">{m['mail.textGone']}</p>
            ) : (
              <div className="mt-3 max-h-[32rem] overflow-auto rounded-md border border-line bg-surface p-3 text-sm break-words whitespace-pre-wrap" tabIndex={0} role="region" aria-label={m['mail.text']} data-testid="mail-text">
                {textParts(mail.text).map((part, i) =>
                  'href' in part ? (
                    <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="break-all underline">
                      {part.href}
                    </a>
                  ) : (
                    part.text
                  ),
                )}
              </div>
            )}
            {mail.status === 'FAILED' && (
              <button type="button" className={`${rowButtonClass} mt-3`} disabled={sending} onClick={sendAgain}>
                {sending ? m['common.working'] : m['mail.retry']}
              </button>
            )}
          </>
        )}
      </Loading>
    </section>
  );
}
