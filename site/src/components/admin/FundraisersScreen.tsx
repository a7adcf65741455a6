import { useCallback, useState } from 'react';
import { adminPageSize, filterChecks, filterQuery, fundraiserStatuses, type AdminFundraiser, type AdminFundraiserDetail, type Page } from '../../lib/admin';
import { fill, formatAmount, textLang } from '../../lib/format';
import { formatCount } from '../../lib/report';
import { Section } from '../reports/parts';
import { DataTable } from './DataTable';
import { FilterForm, SelectFilter, TextFilter } from './FilterForm';
import { FundraiserManager } from './FundraiserManager';
import type { AdminMessages, AdminPaths } from './messages';
import { Badge, Moment, Numbered, OutcomeNote, PagedList, rowButtonClass, type BadgeTone, type Outcome } from './parts';
import { useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'fundraisers' | 'fundraiserStatus'>;

const checks = { query: filterChecks.text, status: filterChecks.oneOf(fundraiserStatuses), verified: filterChecks.oneOf(['true', 'false']) };
const fields = ['query', 'status', 'verified'] as const;

export const statusTones: Record<AdminFundraiser['status'], BadgeTone> = { ACTIVE: 'good', PAUSED: 'quiet', CLOSED: 'quiet', SUSPENDED: 'bad' };

/** Every fundraiser, whatever its status: found by number, title or organiser, and managed one at a time below its row. */
export default function FundraisersScreen({ lang, paths, m }: { lang: Lang; paths: AdminPaths; m: M }) {
  const [filters, setFilters] = useAddressFilters(checks);
  const { loaded, retry, update } = useAdminGet<Page<AdminFundraiser>>(`/api/admin/fundraisers?${filterQuery(filters, adminPageSize)}`, lang, m);
  const [managing, setManaging] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const changed = useCallback(
    (detail: AdminFundraiserDetail, text?: string) => {
      update((page) => ({ ...page, content: page.content.map((f) => (f.id === detail.id ? detail : f)) }));
      if (text) setOutcome({ done: true, text });
    },
    [update],
  );

  return (
    <div data-testid="admin-fundraisers">
      <Section title={m['fundraisers.search']}>
        <FilterForm label={m['fundraisers.search']} fields={fields} values={filters} m={m} onApply={(values) => setFilters({ ...values, page: 0 })}>
          <TextFilter name="query" type="search" label={m['fundraisers.query']} hint={m['fundraisers.queryHint']} defaultValue={filters.query} wide />
          <SelectFilter
            name="status"
            label={m['fundraisers.status']}
            defaultValue={filters.status}
            options={[{ value: '', label: m['fundraisers.allStatuses'] }, ...fundraiserStatuses.map((s) => ({ value: s, label: m[`fundraiserStatus.${s}`] }))]}
          />
          <SelectFilter
            name="verified"
            label={m['fundraisers.verification']}
            defaultValue={filters.verified}
            options={[
              { value: '', label: m['fundraisers.anyVerification'] },
              { value: 'true', label: m['fundraisers.verifiedOnly'] },
              { value: 'false', label: m['fundraisers.unverifiedOnly'] },
            ]}
          />
        </FilterForm>
      </Section>
      <OutcomeNote outcome={outcome} />
      <div className="mt-6">
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['fundraisers.empty'], text: m['common.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(rows) => (
            <DataTable
              caption={m['fundraisers.caption']}
              testId="fundraiser-table"
              rows={rows}
              title={{
                header: m['fundraisers.fundraiser'],
                cell: (f) => (
                  <>
                    <a href={`${paths.fundraiser}${f.id}`} className="font-semibold underline-offset-4 hover:underline" lang={textLang(f.title)}>
                      {f.title}
                    </a>
                    <span className="mt-0.5 flex flex-wrap items-center gap-2">
                      <Numbered m={m} id={f.id} />
                      {f.verified && <Badge tone="good">{m['fundraisers.verified']}</Badge>}
                    </span>
                  </>
                ),
              }}
              columns={[
                {
                  header: m['fundraisers.organiser'],
                  cell: (f) => (
                    <>
                      <span className="block" lang={textLang(f.organiser.name)}>
                        {f.organiser.name}
                      </span>
                      <span className="block text-muted break-all">{f.organiser.email}</span>
                      {f.organiser.disabled && <Badge tone="bad">{m['fundraisers.organiserDisabled']}</Badge>}
                    </>
                  ),
                },
                {
                  header: m['fundraisers.raised'],
                  end: true,
                  cell: (f) => (
                    <>
                      <span className="block font-semibold whitespace-nowrap">{formatAmount(lang, f.raisedAmount, f.currency)}</span>
                      <span className="block text-xs text-muted whitespace-nowrap">{fill(m['fundraisers.ofGoal'], { goal: formatAmount(lang, f.goalAmount, f.currency) })}</span>
                    </>
                  ),
                },
                { header: m['fundraisers.donations'], end: true, cell: (f) => formatCount(lang, f.donationCount) },
                { header: m['fundraisers.status'], cell: (f) => <Badge tone={statusTones[f.status]}>{m[`fundraiserStatus.${f.status}`]}</Badge> },
                { header: m['fundraisers.created'], cell: (f) => <Moment lang={lang} iso={f.createdAt} /> },
              ]}
              actions={{
                header: m['common.actions'],
                cell: (f) => (
                  <button type="button" className={rowButtonClass} aria-expanded={managing === f.id} aria-controls={managing === f.id ? `manage-${f.id}` : undefined} onClick={() => setManaging(managing === f.id ? null : f.id)}>
                    {managing === f.id ? m['fundraisers.closeManage'] : m['fundraisers.manage']}
                    <span className="sr-only"> {f.title}</span>
                  </button>
                ),
              }}
              detail={(f) =>
                managing === f.id ? (
                  <div id={`manage-${f.id}`}>
                    <FundraiserManager lang={lang} id={f.id} paths={paths} m={m} onChanged={changed} />
                  </div>
                ) : null
              }
            />
          )}
        </PagedList>
      </div>
    </div>
  );
}
