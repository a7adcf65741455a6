import { useId, useState, type SubmitEvent, type ReactNode } from 'react';
import { fill } from '../../lib/format';
import type { FundraiserListItem, Page } from '../../lib/fundraiser';
import { formatCount, reportSearch, type Range, type ReportDonation, type ReportLang } from '../../lib/report';
import { inputClass } from '../forms';
import { Spinner } from '../Spinner';
import { DonationsTable } from './DonationsTable';
import type { ReportMessages } from './messages';
import { DownloadIcon, EmptyState, linkButtonClass, LoadFailed, NotAllowed, Section } from './parts';
import type { ReportPaths } from './ReportsScreen';
import { useReport } from './use-report';

type Filters = { fundraiserId: string; method: string; status: string; page: number };

const pageSize = 20;
const methods = ['STRIPE', 'PAYPAL', 'CHAPA'] as const;

function filtersFromAddress(): Filters {
  const params = new URLSearchParams(location.search);
  const id = params.get('fundraiserId') ?? '';
  const method = params.get('method') ?? '';
  const status = params.get('status') ?? '';
  return {
    fundraiserId: /^\d{1,10}$/.test(id) ? id : '',
    method: /^[A-Z_]{1,20}$/.test(method) ? method : '',
    status: status === 'SUCCEEDED' || status === 'REFUNDED' ? status : '',
    page: Math.max(0, Math.min(100_000, Number(params.get('page')) || 0)),
  };
}

/** The filters go in the address beside the period, so that a reload or a shared link shows the same rows. */
function keepInAddress(filters: Filters) {
  const params = new URLSearchParams(location.search);
  for (const key of ['fundraiserId', 'method', 'status', 'page'] as const) {
    const value = String(filters[key]);
    if (value && value !== '0') params.set(key, value);
    else params.delete(key);
  }
  const query = params.toString();
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
}

type Props = {
  lang: ReportLang;
  admin: boolean;
  range: Range;
  timeZone: string;
  /** An organiser's own fundraisers, for the filter (null while loading; admins type a number). */
  fundraisers: FundraiserListItem[] | null;
  messages: ReportMessages;
  paths: ReportPaths;
  picker: ReactNode;
};

/** Every donation of the period, filtered by fundraiser, payment method and status, a page at a time, and the same as CSV. */
export function DonationsScreen({ lang, admin, range, timeZone, fundraisers, messages: m, paths, picker }: Props) {
  const id = useId();
  const [filters, setFiltersState] = useState<Filters>(filtersFromAddress);
  const [typedId, setTypedId] = useState(filters.fundraiserId);
  const setFilters = (next: Filters) => {
    keepInAddress(next);
    setFiltersState(next);
  };
  const api = admin ? '/api/admin/reports/donations' : '/api/reports/donations';
  const selection = { fundraiserId: filters.fundraiserId || undefined, method: filters.method || undefined, status: filters.status || undefined };
  const { loaded, retry } = useReport<Page<ReportDonation>>(api, range, timeZone, lang, m, { ...selection, page: filters.page, size: pageSize });
  const csv = `${api}.csv?${reportSearch(range, timeZone, selection)}`;
  // A new period starts at the first page again.
  const [rangeKey, setRangeKey] = useState(`${range.from}|${range.to}`);
  if (rangeKey !== `${range.from}|${range.to}`) {
    setRangeKey(`${range.from}|${range.to}`);
    if (filters.page !== 0) setFiltersState({ ...filters, page: 0 });
  }

  const change = (key: 'fundraiserId' | 'method' | 'status', value: string) => setFilters({ ...filters, [key]: value, page: 0 });
  const submitId = (event: SubmitEvent) => {
    event.preventDefault();
    change('fundraiserId', /^\d{1,10}$/.test(typedId.trim()) ? typedId.trim() : '');
  };

  const selectClass = `${inputClass} py-2`;
  const page = loaded.data;
  const busy = loaded.state === 'loading';

  return (
    <div className="space-y-6">
      {picker}
      <Section
        title={m['donations.title']}
        testId="report-donations"
        action={
          <a href={csv} download className={linkButtonClass} data-testid="csv-link">
            <DownloadIcon />
            {m['donations.csv']}
          </a>
        }
      >
        <form onSubmit={submitId} className="grid gap-3 sm:grid-cols-3" aria-label={m['donations.filters']} data-testid="donation-filters">
          {admin ? (
            <div>
              <label htmlFor={`${id}-fundraiser`} className="text-sm font-semibold">
                {m['donations.fundraiserId']}
              </label>
              <div className="flex gap-2">
                <input
                  id={`${id}-fundraiser`}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  value={typedId}
                  onChange={(e) => setTypedId(e.target.value)}
                  onBlur={() => typedId.trim() !== filters.fundraiserId && change('fundraiserId', /^\d{1,10}$/.test(typedId.trim()) ? typedId.trim() : '')}
                  className={selectClass}
                  aria-describedby={`${id}-fundraiser-hint`}
                />
                <button type="submit" className="mt-1 cursor-pointer rounded-lg border-2 border-brand px-3 font-semibold hover:bg-sunken">
                  {m['period.apply']}
                </button>
              </div>
              <p id={`${id}-fundraiser-hint`} className="mt-1 text-xs text-muted">
                {m['donations.fundraiserIdHint']}
              </p>
            </div>
          ) : (
            <div>
              <label htmlFor={`${id}-fundraiser`} className="text-sm font-semibold">
                {m['donations.fundraiser']}
              </label>
              <select id={`${id}-fundraiser`} value={filters.fundraiserId} onChange={(e) => change('fundraiserId', e.target.value)} className={selectClass}>
                <option value="">{m['donations.allFundraisers']}</option>
                {(fundraisers ?? []).map((f) => (
                  <option key={f.id} value={String(f.id)}>
                    {f.title}
                  </option>
                ))}
                {filters.fundraiserId && fundraisers && !fundraisers.some((f) => String(f.id) === filters.fundraiserId) && <option value={filters.fundraiserId}>{fill(m['donations.fundraiserNumber'], { id: filters.fundraiserId })}</option>}
              </select>
            </div>
          )}
          <div>
            <label htmlFor={`${id}-method`} className="text-sm font-semibold">
              {m['donations.method']}
            </label>
            <select id={`${id}-method`} value={filters.method} onChange={(e) => change('method', e.target.value)} className={selectClass}>
              <option value="">{m['donations.allMethods']}</option>
              {methods.map((method) => (
                <option key={method} value={method}>
                  {m[`method.${method}`]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-status`} className="text-sm font-semibold">
              {m['donations.status']}
            </label>
            <select id={`${id}-status`} value={filters.status} onChange={(e) => change('status', e.target.value)} className={selectClass}>
              <option value="">{m['donations.allStatuses']}</option>
              <option value="SUCCEEDED">{m['status.SUCCEEDED']}</option>
              <option value="REFUNDED">{m['status.REFUNDED']}</option>
            </select>
          </div>
        </form>

        <div className="mt-5">
          {loaded.state === 'forbidden' || loaded.state === 'notFound' ? (
            <NotAllowed title={m['forbidden.title']} text={m['forbidden.donations']} />
          ) : page === null ? (
            loaded.state === 'failed' ? (
              <LoadFailed message={loaded.message} onRetry={retry} m={m} />
            ) : (
              <Spinner label={m.loading} />
            )
          ) : (
            <div className={`transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
              {loaded.state === 'failed' && (
                <div className="mb-4">
                  <LoadFailed message={loaded.message} onRetry={retry} m={m} />
                </div>
              )}
              <p className="mb-3 text-sm text-muted" role="status" data-testid="donations-found">
                {fill(m['donations.found'], { count: formatCount(lang, page.totalElements) })}
              </p>
              {page.content.length === 0 ? (
                <EmptyState icon="list" title={m['donations.empty']} text={m['donations.emptyHint']} />
              ) : (
                <DonationsTable
                  lang={lang}
                  donations={page.content}
                  messages={m}
                  caption={m['donations.title']}
                  showFundraiser={!filters.fundraiserId}
                  fundraiserHref={(d) => `${paths.fundraiser}${d.fundraiserId}/progress`}
                />
              )}
              {page.totalPages > 1 && (
                <nav aria-label={m['donations.pages']} className="mt-4 flex flex-wrap items-center justify-between gap-3">
                  <button type="button" className={linkButtonClass} disabled={filters.page === 0} onClick={() => setFilters({ ...filters, page: filters.page - 1 })}>
                    {m['donations.previous']}
                  </button>
                  <span className="text-sm text-muted">{fill(m['donations.pageOf'], { page: formatCount(lang, filters.page + 1), pages: formatCount(lang, page.totalPages) })}</span>
                  <button type="button" className={linkButtonClass} disabled={filters.page + 1 >= page.totalPages} onClick={() => setFilters({ ...filters, page: filters.page + 1 })}>
                    {m['donations.next']}
                  </button>
                </nav>
              )}
            </div>
          )}
        </div>
      </Section>
    </div>
  );
}
