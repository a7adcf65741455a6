import { fill, formatAmount, textLang } from '../../lib/format';
import { formatCount, formatMoment, formatPercent, milestones, moneyString, reportSearch, updateIsDue, type ReportLang, type ReportView } from '../../lib/report';
import { Guard, type GuardMessages } from '../account/guard';
import { Spinner } from '../Spinner';
import type { ReportMessages } from './messages';
import { DownloadIcon, linkButtonClass, LoadFailed, NotAllowed, primaryLinkClass, Section } from './parts';
import { PeriodPicker } from './PeriodPicker';
import { Channels, Figures, Funnel, RecentDonations, Referrers, Timeline, VisitorsChart } from './sections';
import { usePeriod, useReport } from './use-report';

type Paths = { login: string; home: string; fundraiser: string; team: string };
type Props = { lang: ReportLang; fundraiserId: number; guard: GuardMessages; messages: ReportMessages; paths: Paths };

/**
 * A fundraiser's progress (`/fundraiser/:id/progress`), for its organisers and co-organisers
 * (and admins): the goal and its milestones over its whole life, then the chosen period's
 * donations, visitors and shares, and a nudge to post an update when donors have heard nothing for a while.
 */
export default function ProgressScreen(props: Props) {
  return (
    <Guard lang={props.lang} loginPath={props.paths.login} homePath={props.paths.home} messages={props.guard}>
      {() => <Progress {...props} />}
    </Guard>
  );
}

function Progress({ lang, fundraiserId, messages: m, paths }: Props) {
  const { period, setPeriod, range, today, timeZone } = usePeriod();
  const { loaded, retry } = useReport<ReportView>(`/api/reports/fundraisers/${fundraiserId}`, range, timeZone, lang, m);
  const back = (
    <a href={paths.fundraiser} className={primaryLinkClass}>
      {m.backToFundraiser}
    </a>
  );

  if (loaded.state === 'forbidden') return <NotAllowed title={m['forbidden.title']} text={m['forbidden.progress']} action={back} />;
  if (loaded.state === 'notFound') return <NotAllowed title={m['notFound.title']} text={m['notFound.text']} />;
  if (loaded.data === null) {
    if (loaded.state === 'failed') return <LoadFailed message={loaded.message} onRetry={retry} m={m} />;
    return <Spinner label={m.loading} />;
  }

  const report = loaded.data;
  const f = report.fundraiser;
  const busy = loaded.state === 'loading';
  const csv = `/api/reports/fundraisers/${fundraiserId}/donations.csv?${reportSearch(range, timeZone)}`;
  const shareAction = (
    <a href={paths.fundraiser} className={primaryLinkClass}>
      {m['timeline.shareAction']}
    </a>
  );

  return (
    <div className="space-y-6" data-testid="progress-report">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold break-words" lang={f ? textLang(f.title) : undefined}>
            {f?.title}
          </h2>
          {f && f.status !== 'ACTIVE' && <p className="mt-1 inline-block rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-on-accent">{m[`fundraiserStatus.${f.status as 'PAUSED' | 'CLOSED' | 'SUSPENDED'}`] ?? f.status}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={paths.fundraiser} className={linkButtonClass}>
            {m.viewFundraiser}
          </a>
          <a href={paths.team} className={linkButtonClass}>
            {m.teams}
          </a>
          <a href={csv} download className={linkButtonClass} data-testid="csv-link">
            <DownloadIcon />
            {m.downloadCsv}
          </a>
        </div>
      </div>

      {f && updateIsDue(f.lastUpdateAt) && f.status === 'ACTIVE' && (
        <div className="flex flex-wrap items-center gap-4 rounded-xl border-2 border-brand bg-surface p-4 sm:p-5" data-testid="update-prompt">
          <svg className="size-8 shrink-0 text-brand" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z" />
            <path d="M13.5 6.5l4 4" />
          </svg>
          <div className="min-w-0 flex-1">
            <h2 className="font-bold">{m['update.title']}</h2>
            <p className="text-sm text-muted">{f.lastUpdateAt ? fill(m['update.stale'], { date: formatMoment(lang, f.lastUpdateAt) }) : m['update.never']}</p>
          </div>
          <a href={`${paths.fundraiser}#owner-panel`} className={primaryLinkClass}>
            {m['update.action']}
          </a>
        </div>
      )}

      {report.donationStats.progress && <Goal lang={lang} progress={report.donationStats.progress} m={m} />}

      <PeriodPicker lang={lang} period={period} range={range} today={today} busy={busy} messages={m} onChange={setPeriod} />
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} m={m} />}

      <div className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
        <Figures lang={lang} report={report} messages={m} />
        <Timeline lang={lang} report={report} messages={m} emptyAction={shareAction} />
        <Channels lang={lang} report={report} messages={m} />
        <Section title={m['visitors.title']} testId="report-visitors">
          <VisitorsChart lang={lang} report={report} messages={m} />
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <div>
              <h3 className="mb-2 font-bold">{m['funnel.title']}</h3>
              <Funnel lang={lang} report={report} messages={m} />
            </div>
            <div>
              <h3 className="mb-2 font-bold">{m['referrers.title']}</h3>
              <Referrers lang={lang} report={report} messages={m} />
            </div>
          </div>
        </Section>
        <RecentDonations lang={lang} report={report} messages={m} showFundraiser={false} />
      </div>
    </div>
  );
}

function Goal({ lang, progress, m }: { lang: ReportLang; progress: NonNullable<ReportView['donationStats']['progress']>; m: ReportMessages }) {
  const { goal, raised, currency, percent, donations } = progress;
  const width = Math.min(100, Math.max(0, percent));
  const steps = milestones(goal, raised);
  return (
    <Section title={m['progress.title']} testId="report-progress">
      <p className="text-3xl font-extrabold tabular-nums">
        {formatAmount(lang, raised, currency)} <span className="text-base font-semibold text-muted">{fill(m['progress.ofGoal'], { goal: formatAmount(lang, goal, currency) })}</span>
      </p>
      <p className="mt-1 text-sm text-muted">{fill(m['progress.summary'], { percent: formatPercent(lang, percent), count: formatCount(lang, donations) })}</p>
      <div className="relative mt-4 h-3 rounded-full bg-sunken" aria-hidden="true">
        <div className="h-full rounded-full bg-brand" style={{ width: `${width}%` }} />
        {[25, 50, 75].map((at) => (
          <span key={at} className={`absolute top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-surface rtl:translate-x-1/2 ${percent >= at ? 'bg-on-brand' : 'bg-line'}`} style={{ insetInlineStart: `${at}%` }} />
        ))}
      </div>
      <ol className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={m['progress.milestones']} data-testid="milestones">
        {steps.map((step) => (
          <li key={step.percent} className={`rounded-lg border-2 px-3 py-2.5 ${step.reached ? 'border-brand' : 'border-line border-dashed'}`}>
            <p className="flex items-center gap-1.5 font-bold">
              {step.reached ? (
                <svg className="size-5 text-brand" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d="M5 12.5l4.5 4.5L19 7.5" />
                </svg>
              ) : (
                <svg className="size-5 text-muted" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <circle cx="12" cy="12" r="8" />
                </svg>
              )}
              {formatPercent(lang, step.percent)}
            </p>
            <p className="mt-0.5 text-sm tabular-nums">{formatAmount(lang, moneyString(step.amount), currency)}</p>
            <p className={`text-xs ${step.reached ? 'font-semibold text-link' : 'text-muted'}`}>{step.reached ? m['progress.reached'] : fill(m['progress.toGo'], { amount: formatAmount(lang, moneyString(step.toGo), currency) })}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
