import type { ReactNode } from 'react';
import { fill, formatAmount } from '../../lib/format';
import {
  barWidths,
  bestDay,
  formatCompact,
  formatCount,
  formatDay,
  formatRatio,
  hasDonations,
  moneyString,
  timelinesToShow,
  type Currency,
  type ReportLang,
  type ReportView,
} from '../../lib/report';
import { Chart } from './Chart';
import { DonationsTable } from './DonationsTable';
import { channelLabel, currencyName, methodLabel, type ReportMessages } from './messages';
import { BarCell, EmptyState, Section, Stat, StatGrid, TableScroll } from './parts';

type Common = { lang: ReportLang; report: ReportView; messages: ReportMessages };

const money = (lang: ReportLang, currency: Currency) => (value: number) => formatAmount(lang, moneyString(value), currency);
const count = (lang: ReportLang) => (value: number) => formatCount(lang, value);
const compact = (lang: ReportLang) => (value: number) => formatCompact(lang, value);

/** The currencies a report's money is in, in a stable order (birr first, as most fundraisers are). */
function currenciesOf(report: ReportView): Currency[] {
  const found = new Set<Currency>();
  for (const c of report.donationStats.byCurrency) found.add(c.currency);
  for (const c of report.shareStats.channels) for (const a of c.amounts) found.add(a.currency);
  return (['ETB', 'USD'] as const).filter((c) => found.has(c));
}

/** The period's money, per currency (never added together), then its visitors and shares. */
export function Figures({ lang, report, messages: m }: Common) {
  const { byCurrency } = report.donationStats;
  const v = report.visitorStats;
  return (
    <Section title={m['figures.title']} testId="report-figures">
      <div className="space-y-5">
        {byCurrency.length === 0 ? (
          <StatGrid>
            <Stat label={m['figures.raised']} value={report.donationStats.progress ? formatAmount(lang, '0', report.donationStats.progress.currency) : formatCount(lang, 0)} />
            <Stat label={m['figures.donations']} value={formatCount(lang, 0)} />
            <Stat label={m['figures.donors']} value={formatCount(lang, 0)} />
            <Stat label={m['figures.average']} value="–" />
          </StatGrid>
        ) : (
          byCurrency.map((c) => (
            <div key={c.currency}>
              {byCurrency.length > 1 && <h3 className="mb-2 text-sm font-bold tracking-wide text-muted uppercase">{currencyName(m, c.currency)}</h3>}
              <StatGrid label={byCurrency.length > 1 ? currencyName(m, c.currency) : undefined}>
                <Stat label={m['figures.raised']} value={formatAmount(lang, c.raised, c.currency)} testId={`raised-${c.currency}`} />
                <Stat label={m['figures.donations']} value={formatCount(lang, c.donations)} />
                <Stat label={m['figures.donors']} value={formatCount(lang, c.donors)} hint={m['figures.donorsHint']} />
                <Stat label={m['figures.average']} value={c.donations > 0 ? formatAmount(lang, c.average, c.currency) : '–'} hint={c.donations > 0 ? fill(m['figures.largest'], { amount: formatAmount(lang, c.largest, c.currency) }) : undefined} />
              </StatGrid>
            </div>
          ))
        )}
        <div>
          <h3 className="mb-2 text-sm font-bold tracking-wide text-muted uppercase">{m['figures.traffic']}</h3>
          <StatGrid label={m['figures.traffic']}>
            <Stat label={m['figures.views']} value={formatCount(lang, v.views)} />
            <Stat label={m['figures.visitors']} value={formatCount(lang, v.visitors)} />
            <Stat label={m['figures.conversion']} value={v.conversionRate === null ? '–' : formatRatio(lang, v.conversionRate)} hint={m['figures.conversionHint']} />
            <Stat label={m['figures.shares']} value={formatCount(lang, report.shareStats.shares)} />
          </StatGrid>
        </div>
      </div>
    </Section>
  );
}

/** Daily bars of money given, and what was raised in all, per currency. */
export function Timeline({ lang, report, messages: m, emptyAction }: Common & { emptyAction?: ReactNode }) {
  const timelines = timelinesToShow(report.donationTimeline);
  const { from, to } = report.range;
  const nothing = timelines.every((t) => !hasDonations(t));
  return (
    <Section title={m['timeline.title']} testId="report-timeline">
      {nothing && (
        <div className="mb-4">
          <EmptyState title={m['timeline.empty']} text={m['timeline.emptyHint']} action={emptyAction} />
        </div>
      )}
      {timelines.length === 0 && !nothing && <p className="text-muted">{m['timeline.empty']}</p>}
      <div className="space-y-8">
        {timelines
          .filter((t) => !nothing || t.days.some((d) => Number(d.cumulative) > 0))
          .map((t) => {
            const days = t.days.map((d) => d.date);
            const format = money(lang, t.currency);
            const total = t.days.reduce((sum, d) => sum + Number(d.amount), 0);
            const donations = t.days.reduce((sum, d) => sum + d.donations, 0);
            const last = t.days.at(-1);
            const best = bestDay(t.days);
            const summary = [
              fill(m['timeline.summary'], {
                currency: currencyName(m, t.currency),
                from: formatDay(lang, from),
                to: formatDay(lang, to),
                total: format(total),
                count: formatCount(lang, donations),
                cumulative: format(Number(last?.cumulative ?? 0)),
              }),
              best ? fill(m['timeline.best'], { date: formatDay(lang, best.date), amount: formatAmount(lang, best.amount, t.currency) }) : '',
            ].join(' ');
            return (
              <div key={t.currency}>
                {timelines.length > 1 && <h3 className="mb-2 font-bold">{currencyName(m, t.currency)}</h3>}
                <Chart
                  lang={lang}
                  days={days}
                  title={fill(m['timeline.tableTitle'], { currency: currencyName(m, t.currency) })}
                  summary={summary}
                  messages={m}
                  testId="timeline-chart"
                  series={[
                    { label: m['timeline.daily'], kind: 'bars', colour: 1, axis: 'left', values: t.days.map((d) => Number(d.amount)), format, axisFormat: compact(lang) },
                    { label: m['timeline.cumulative'], kind: 'line', colour: 2, axis: 'right', area: true, values: t.days.map((d) => Number(d.cumulative)), format, axisFormat: compact(lang) },
                  ]}
                />
              </div>
            );
          })}
      </div>
    </Section>
  );
}

/** Per channel: clicks on its share button, visits through its links, the donations and money they brought. */
export function ChannelTable({ lang, report, messages: m }: Common) {
  const channels = report.shareStats.channels;
  const currencies = currenciesOf(report);
  const amountOf = (c: (typeof channels)[number], currency: Currency) => Number(c.amounts.find((a) => a.currency === currency)?.amount ?? 0);
  const shares = barWidths(channels.map((c) => c.shares));
  const visits = barWidths(channels.map((c) => c.visits));
  const donations = barWidths(channels.map((c) => c.donations));
  const amounts = Object.fromEntries(currencies.map((cur) => [cur, barWidths(channels.map((c) => amountOf(c, cur)))]));
  const empty = channels.every((c) => c.shares === 0 && c.visits === 0 && c.donations === 0);
  if (empty) return <EmptyState icon="share" title={m['channels.empty']} text={m['channels.emptyHint']} />;
  return (
    <TableScroll label={m['channels.title']}>
      <table className="w-full text-xs sm:min-w-[32rem] sm:text-sm" data-testid="channel-table">
        <caption className="sr-only">{m['channels.title']}</caption>
        <thead>
          <tr className="border-b-2 border-line text-muted">
            <th scope="col" className="px-1.5 py-2 text-start font-semibold sm:px-3">
              {m['channels.channel']}
            </th>
            <th scope="col" className="px-1.5 py-2 text-end font-semibold sm:px-3">
              {m['channels.shares']}
            </th>
            <th scope="col" className="px-1.5 py-2 text-end font-semibold sm:px-3">
              {m['channels.visits']}
            </th>
            <th scope="col" className="px-1.5 py-2 text-end font-semibold sm:px-3">
              {m['channels.donations']}
            </th>
            {currencies.map((cur) => (
              <th key={cur} scope="col" className="px-1.5 py-2 text-end font-semibold sm:px-3">
                {currencies.length > 1 ? fill(m['channels.amountIn'], { currency: cur }) : m['channels.amount']}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {channels.map((c, i) => (
            <tr key={c.channel} className="border-b border-line last:border-0">
              <th scope="row" className="px-1.5 py-2 text-start font-semibold sm:px-3 sm:whitespace-nowrap">
                {channelLabel(m, c.channel)}
              </th>
              <BarCell value={c.channel === 'direct' ? '–' : formatCount(lang, c.shares)} width={c.channel === 'direct' ? 0 : (shares[i] ?? 0)} colour={2} />
              <BarCell value={formatCount(lang, c.visits)} width={visits[i] ?? 0} colour={3} />
              <BarCell value={formatCount(lang, c.donations)} width={donations[i] ?? 0} colour={1} />
              {currencies.map((cur) => (
                <BarCell key={cur} value={formatAmount(lang, moneyString(amountOf(c, cur)), cur)} width={amounts[cur]?.[i] ?? 0} colour={1} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

export function Channels(props: Common & { action?: ReactNode }) {
  const m = props.messages;
  return (
    <Section title={m['channels.title']} intro={m['channels.intro']} action={props.action} testId="report-channels">
      <ChannelTable {...props} />
    </Section>
  );
}

/** Shares → visits → donations, for the whole period, with the rate of each step. */
export function Funnel({ lang, report, messages: m }: Common) {
  const channels = report.shareStats.channels;
  const shares = report.shareStats.shares;
  const visits = channels.reduce((sum, c) => sum + c.visits, 0);
  const donations = channels.reduce((sum, c) => sum + c.donations, 0);
  const currencies = currenciesOf(report);
  const raised = currencies.map((cur) => formatAmount(lang, moneyString(channels.reduce((sum, c) => sum + Number(c.amounts.find((a) => a.currency === cur)?.amount ?? 0), 0)), cur));
  const steps: { label: string; value: string; rate?: string | null }[] = [
    { label: m['channels.shares'], value: formatCount(lang, shares) },
    { label: m['channels.visits'], value: formatCount(lang, visits) },
    { label: m['channels.donations'], value: formatCount(lang, donations), rate: visits > 0 ? fill(m['funnel.rate'], { rate: formatRatio(lang, donations / visits) }) : null },
    { label: m['channels.amount'], value: raised.length > 0 ? raised.join(' · ') : formatCount(lang, 0) },
  ];
  return (
    <ol className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="report-funnel">
      {steps.map((step, i) => (
        <li key={step.label} className="relative rounded-lg bg-sunken px-4 py-3">
          <p className="text-sm font-semibold text-muted">{step.label}</p>
          <p className="mt-1 text-2xl font-extrabold tabular-nums break-words">{step.value}</p>
          {step.rate && <p className="mt-0.5 text-xs text-muted">{step.rate}</p>}
          {i < steps.length - 1 && (
            <svg className="absolute -end-3.5 top-1/2 z-10 hidden size-5 -translate-y-1/2 text-muted sm:block rtl:rotate-180" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M7 4l6 6-6 6z" />
            </svg>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Views and visitors per day. */
export function VisitorsChart({ lang, report, messages: m }: Common) {
  const v = report.visitorStats;
  const { from, to } = report.range;
  if (v.views === 0) return <EmptyState title={m['visitors.empty']} text={m['visitors.emptyHint']} />;
  return (
    <Chart
      lang={lang}
      days={v.daily.map((d) => d.date)}
      title={m['visitors.daily']}
      summary={fill(m['visitors.summary'], { from: formatDay(lang, from), to: formatDay(lang, to), views: formatCount(lang, v.views), visitors: formatCount(lang, v.visitors) })}
      messages={m}
      testId="visitors-chart"
      series={[
        { label: m['visitors.views'], kind: 'bars', colour: 3, values: v.daily.map((d) => d.views), format: count(lang), axisFormat: compact(lang) },
        { label: m['visitors.visitors'], kind: 'line', colour: 2, values: v.daily.map((d) => d.visitors), format: count(lang), axisFormat: compact(lang) },
      ]}
    />
  );
}

/** The other sites visitors came from, by their host alone. */
export function Referrers({ lang, report, messages: m }: Common) {
  const list = report.visitorStats.topReferrers;
  const widths = barWidths(list.map((r) => r.views));
  if (list.length === 0) return <p className="text-sm text-muted">{m['referrers.empty']}</p>;
  return (
    <TableScroll label={m['referrers.title']}>
      <table className="w-full text-sm" data-testid="referrers-table">
        <caption className="sr-only">{m['referrers.title']}</caption>
        <thead>
          <tr className="border-b-2 border-line text-muted">
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {m['referrers.site']}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {m['visitors.views']}
            </th>
          </tr>
        </thead>
        <tbody>
          {list.map((r, i) => (
            <tr key={r.host} className="border-b border-line last:border-0">
              <th scope="row" className="px-3 py-2 text-start font-normal break-all">
                {r.host}
              </th>
              <BarCell value={formatCount(lang, r.views)} width={widths[i] ?? 0} colour={3} />
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** Shares per day, all channels together. */
export function SharesChart({ lang, report, messages: m }: Common) {
  const s = report.shareStats;
  const { from, to } = report.range;
  if (s.shares === 0) return <EmptyState icon="share" title={m['shares.empty']} text={m['shares.emptyHint']} />;
  return (
    <Chart
      lang={lang}
      days={s.daily.map((d) => d.date)}
      title={m['shares.daily']}
      summary={fill(m['shares.summary'], { from: formatDay(lang, from), to: formatDay(lang, to), shares: formatCount(lang, s.shares) })}
      messages={m}
      testId="shares-chart"
      series={[{ label: m['channels.shares'], kind: 'bars', colour: 2, values: s.daily.map((d) => d.shares), format: count(lang), axisFormat: compact(lang) }]}
    />
  );
}

export function RecentDonations({ lang, report, messages: m, showFundraiser, allHref, limit, fundraiserHref }: Common & { showFundraiser: boolean; allHref?: string; limit?: number; fundraiserHref?: (d: ReportView['recentDonations'][number]) => string }) {
  const list = limit ? report.recentDonations.slice(0, limit) : report.recentDonations;
  return (
    <Section
      title={m['recent.title']}
      testId="report-recent"
      action={
        allHref && list.length > 0 ? (
          <a href={allHref} className="text-sm font-semibold underline-offset-4 hover:underline">
            {m['recent.all']}
          </a>
        ) : undefined
      }
    >
      {list.length === 0 ? (
        <EmptyState icon="list" title={m['recent.empty']} />
      ) : (
        <DonationsTable lang={lang} donations={list} messages={m} caption={m['recent.title']} showFundraiser={showFundraiser} fundraiserHref={fundraiserHref} />
      )}
    </Section>
  );
}

/** A row of a platform table: what it counts, the donations and their sum in one currency. */
interface PlatformRow {
  key: string;
  label: ReactNode;
  donations: number;
  amount: string;
  currency: Currency;
}

/** One of the platform's splits (by currency, method or category): the table is the chart. */
function PlatformTable({ lang, title, column, rows, testId, messages: m }: { lang: ReportLang; title: string; column: string; rows: PlatformRow[]; testId?: string; messages: ReportMessages }) {
  const widths = barWidths(rows.map((r) => r.donations));
  return (
    <div>
      <h3 className="mb-2 font-bold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{m['recent.empty']}</p>
      ) : (
        <TableScroll label={title}>
          <table className="w-full text-sm" data-testid={testId}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b-2 border-line text-muted">
                <th scope="col" className="px-3 py-2 text-start font-semibold">
                  {column}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {m['channels.donations']}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {m['table.amount']}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.key} className="border-b border-line last:border-0">
                  <th scope="row" className="px-3 py-2 text-start font-normal">
                    {r.label}
                  </th>
                  <BarCell value={formatCount(lang, r.donations)} width={widths[i] ?? 0} />
                  <td className="px-3 py-2 text-end whitespace-nowrap tabular-nums">{formatAmount(lang, r.amount, r.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

/** Admins: the whole site's new accounts and fundraisers, and donations by currency, method and category. */
export function Platform({ lang, report, messages: m }: Common) {
  const p = report.platform;
  if (!p) return null;
  const byCurrency = report.donationStats.byCurrency;
  const inCurrency = (currency: Currency) => <span className="text-muted">({currency})</span>;
  return (
    <Section title={m['platform.title']} intro={m['platform.intro']} testId="report-platform">
      <StatGrid>
        <Stat label={m['platform.newUsers']} value={formatCount(lang, p.newUsers)} testId="platform-new-users" />
        <Stat label={m['platform.newFundraisers']} value={formatCount(lang, p.newFundraisers)} />
        {byCurrency.map((c) => (
          <Stat key={c.currency} label={fill(m['platform.raisedIn'], { currency: c.currency })} value={formatAmount(lang, c.raised, c.currency)} />
        ))}
      </StatGrid>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <PlatformTable
          lang={lang}
          messages={m}
          title={m['platform.byCurrency']}
          column={m['platform.currency']}
          rows={byCurrency.map((r) => ({ key: r.currency, label: currencyName(m, r.currency), donations: r.donations, amount: r.raised, currency: r.currency }))}
        />
        <PlatformTable
          lang={lang}
          messages={m}
          title={m['platform.byMethod']}
          column={m['table.method']}
          testId="platform-methods"
          rows={p.byMethod.map((r) => ({ key: `${r.method}-${r.currency}`, label: <>{methodLabel(m, r.method)} {inCurrency(r.currency)}</>, donations: r.donations, amount: r.amount, currency: r.currency }))}
        />
        <PlatformTable
          lang={lang}
          messages={m}
          title={m['platform.byCategory']}
          column={m['platform.category']}
          testId="platform-categories"
          rows={p.byCategory.map((r) => ({ key: `${r.categoryId ?? 'none'}-${r.currency}`, label: <>{r.category} {inCurrency(r.currency)}</>, donations: r.donations, amount: r.amount, currency: r.currency }))}
        />
      </div>
    </Section>
  );
}
