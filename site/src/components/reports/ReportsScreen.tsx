import { useEffect, useState } from 'react';
import { apiFetch } from '../../lib/api';
import { fill, formatAmount, textLang } from '../../lib/format';
import { progressPercent, type FundraiserListItem, type Page } from '../../lib/fundraiser';
import { formatCount, formatRatio, periodParams, type Period, type ReportLang, type ReportView } from '../../lib/report';
import type { AuthUser } from '../../stores/auth';
import { Guard, type GuardMessages } from '../account/guard';
import { Spinner } from '../Spinner';
import { DonationsScreen } from './DonationsScreen';
import type { ReportMessages } from './messages';
import { EmptyState, LoadFailed, NotAllowed, primaryLinkClass, Section, Stat, StatGrid } from './parts';
import { PeriodPicker } from './PeriodPicker';
import { ChannelTable, Figures, Funnel, Platform, RecentDonations, Referrers, SharesChart, Timeline, VisitorsChart, Channels } from './sections';
import { usePeriod, useReport } from './use-report';

export type ReportTab = 'overview' | 'donations' | 'visitors' | 'shares';
export type ReportPaths = {
  login: string;
  home: string;
  /** `/reports` or `/admin/reports`, in the page's language. */
  base: string;
  /** `/fundraiser/` in the page's language: a fundraiser's page is this and its id. */
  fundraiser: string;
  create: string;
};

type Props = { lang: ReportLang; admin: boolean; view: ReportTab; guard: GuardMessages; messages: ReportMessages; paths: ReportPaths };

/**
 * My Reports (`/reports`, over the signed-in user's fundraisers) and the admin's reports
 * (`/admin/reports`, over the whole site, with the platform's own counts): one island for the
 * overview and its three sub-pages, told apart by `view`, and by `admin` for whose figures.
 */
export default function ReportsScreen(props: Props) {
  return (
    <Guard lang={props.lang} admin={props.admin} loginPath={props.paths.login} homePath={props.paths.home} messages={props.guard}>
      {(user) => <Reports {...props} user={user} />}
    </Guard>
  );
}

const views: ReportTab[] = ['overview', 'donations', 'visitors', 'shares'];

function SubNav({ view, base, period, m }: { view: ReportTab; base: string; period: Period; m: ReportMessages }) {
  const query = periodParams(period).toString();
  return (
    <nav aria-label={m['nav.label']} className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {views.map((v) => {
          const href = `${v === 'overview' ? base : `${base}/${v}`}${query ? `?${query}` : ''}`;
          const current = v === view;
          return (
            <li key={v}>
              <a
                href={href}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-block border-b-4 px-3 py-2.5 font-semibold no-underline ${current ? 'border-brand text-ink' : 'border-transparent text-muted hover:border-line hover:text-ink'}`}
              >
                {m[`nav.${v}`]}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Reports({ lang, admin, view, messages: m, paths, user }: Props & { user: AuthUser }) {
  const { period, setPeriod, range, today, timeZone } = usePeriod();
  const [fundraisers, setFundraisers] = useState<FundraiserListItem[] | null>(null);
  // An organiser's own fundraisers: the list on the overview and the donations' filter (admins type a number instead).
  useEffect(() => {
    if (admin) return;
    apiFetch<Page<FundraiserListItem>>(`/api/fundraisers/user/${user.id}?size=50`, { lang })
      .then((page) => setFundraisers(page.content))
      .catch(() => setFundraisers([]));
  }, [admin, user.id, lang]);

  const reportPath = view === 'donations' ? null : admin ? '/api/admin/reports' : '/api/reports/me';
  const { loaded, retry } = useReport<ReportView>(reportPath, range, timeZone, lang, m);
  const progressHref = (id: number) => `${paths.fundraiser}${id}/progress`;
  const picker = <PeriodPicker lang={lang} period={period} range={range} today={today} busy={loaded.state === 'loading' && loaded.data !== null} messages={m} onChange={setPeriod} />;

  let body;
  if (view === 'donations') {
    body = <DonationsScreen lang={lang} admin={admin} range={range} timeZone={timeZone} fundraisers={fundraisers} messages={m} paths={paths} picker={picker} />;
  } else if (loaded.state === 'forbidden' || loaded.state === 'notFound') {
    body = <NotAllowed title={m['forbidden.title']} text={m['forbidden.admin']} />;
  } else if (loaded.data === null) {
    body = loaded.state === 'failed' ? <LoadFailed message={loaded.message} onRetry={retry} m={m} /> : <Spinner label={m.loading} />;
  } else {
    const report = loaded.data;
    const busy = loaded.state === 'loading';
    const common = { lang, report, messages: m };
    const sub = (to: ReportTab) => `${paths.base}/${to}${periodParams(period).size > 0 ? `?${periodParams(period).toString()}` : ''}`;
    const nothingYet = !admin && fundraisers !== null && fundraisers.length === 0;
    body = (
      <>
        {picker}
        {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} m={m} />}
        <div className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
          {view === 'overview' && (
            <>
              {nothingYet && (
                <EmptyState
                  title={m['fundraisers.emptyTitle']}
                  text={m['fundraisers.empty']}
                  action={
                    <a href={paths.create} className={primaryLinkClass}>
                      {m['fundraisers.start']}
                    </a>
                  }
                />
              )}
              {admin && <Platform {...common} />}
              <Figures {...common} />
              {!admin && fundraisers && fundraisers.length > 0 && <MyFundraiserList lang={lang} list={fundraisers} m={m} progressHref={progressHref} />}
              <Timeline {...common} />
              <Channels
                {...common}
                action={
                  <a href={sub('shares')} className="text-sm font-semibold underline-offset-4 hover:underline">
                    {m['channels.more']}
                  </a>
                }
              />
              <RecentDonations {...common} showFundraiser allHref={sub('donations')} limit={10} fundraiserHref={(d) => progressHref(d.fundraiserId)} />
            </>
          )}
          {view === 'visitors' && (
            <>
              <Section title={m['visitors.title']} intro={m['visitors.note']} testId="report-visitors">
                <StatGrid>
                  <Stat label={m['figures.views']} value={formatCount(lang, report.visitorStats.views)} />
                  <Stat label={m['figures.visitors']} value={formatCount(lang, report.visitorStats.visitors)} />
                  <Stat label={m['figures.donations']} value={formatCount(lang, report.visitorStats.donations)} />
                  <Stat label={m['figures.conversion']} value={report.visitorStats.conversionRate === null ? '–' : formatRatio(lang, report.visitorStats.conversionRate)} hint={m['figures.conversionHint']} />
                </StatGrid>
                <div className="mt-6">
                  <VisitorsChart {...common} />
                </div>
              </Section>
              <Section title={m['referrers.title']} intro={m['referrers.intro']}>
                <Referrers {...common} />
              </Section>
            </>
          )}
          {view === 'shares' && (
            <>
              <Section title={m['funnel.title']} intro={m['funnel.intro']} testId="report-shares">
                <Funnel {...common} />
              </Section>
              <Section title={m['shares.daily']}>
                <SharesChart {...common} />
              </Section>
              <Section title={m['channels.title']} intro={m['channels.intro']}>
                <ChannelTable {...common} />
              </Section>
            </>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="space-y-6" data-testid={`reports-${view}`}>
      <SubNav view={view} base={paths.base} period={period} m={m} />
      {body}
    </div>
  );
}

function MyFundraiserList({ lang, list, m, progressHref }: { lang: ReportLang; list: FundraiserListItem[]; m: ReportMessages; progressHref: (id: number) => string }) {
  return (
    <Section title={m['fundraisers.title']} intro={m['fundraisers.intro']} testId="report-fundraisers">
      <ul className="divide-y divide-line">
        {list.map((f) => {
          const percent = progressPercent(f.raisedAmount, f.goalAmount);
          return (
            <li key={f.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words" lang={textLang(f.title)}>
                  {f.title}
                </p>
                <p className="text-sm text-muted">{fill(m['fundraisers.raised'], { raised: formatAmount(lang, f.raisedAmount, f.currency), goal: formatAmount(lang, f.goalAmount, f.currency) })}</p>
                <div className="mt-1.5 h-1.5 max-w-sm rounded-full bg-sunken" aria-hidden="true">
                  <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
                </div>
              </div>
              <a href={progressHref(f.id)} className="rounded-lg border-2 border-brand px-3 py-1.5 text-sm font-semibold text-ink no-underline hover:bg-sunken" aria-label={fill(m['fundraisers.progressLabel'], { title: f.title })}>
                {m['fundraisers.progress']}
              </a>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
