import type { ReactNode } from 'react';
import { formatAge, type Overview } from '../../lib/admin';
import { fill, formatAmount } from '../../lib/format';
import { formatCount } from '../../lib/report';
import { Section } from '../reports/parts';
import { AuditEventList } from './AuditEventList';
import type { AdminMessages, AdminPaths } from './messages';
import { Loading } from './parts';
import { useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'dashboard' | 'audit'>;
type Props = { lang: Lang; paths: AdminPaths; m: M };

/** The admin's first page: money raised lately, what is new, what waits for someone, the site's last build, the latest actions. */
export default function DashboardScreen({ lang, paths, m }: Props) {
  const { loaded, retry } = useAdminGet<Overview>('/api/admin/overview', lang, m);
  const list = (screen: string, query = '') => `${paths.admin}/${screen}${query}`;

  return (
    <Loading loaded={loaded} retry={retry} m={m}>
      {(overview) => (
        <div className="space-y-6" data-testid="admin-dashboard">
          <Section title={m['dashboard.raised']}>
            <div className="grid gap-3 md:grid-cols-3">
              {(['today', 'days7', 'days30'] as const).map((period) => (
                <FigureCard key={period} href={list('donations')} label={m[`dashboard.${period}`]} testId={`raised-${period}`}>
                  {overview.raised[period].length === 0 ? (
                    <Figure value={formatCount(lang, 0)} note={m['dashboard.noDonations']} />
                  ) : (
                    overview.raised[period].map((r) => <Figure key={r.currency} value={formatAmount(lang, r.amount, r.currency)} note={fill(m['dashboard.donations'], { count: formatCount(lang, r.donations) })} />)
                  )}
                </FigureCard>
              ))}
            </div>
          </Section>

          <Section title={m['dashboard.waiting']}>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <FigureCard href={list('flags')} label={m['dashboard.openFlags']} alert={overview.openFlags > 0} testId="open-flags">
                <Figure value={formatCount(lang, overview.openFlags)} note={m['dashboard.openFlagsNote']} />
              </FigureCard>
              <FigureCard href={list('donations')} label={m['dashboard.payments']} alert={overview.payments.refundsPending > 0 || overview.payments.disputesOpen > 0 || overview.payments.reconciliation?.failed === true} testId="payments">
                <Figure value={formatCount(lang, overview.payments.refundsPending)} note={m['dashboard.refundsPending']} />
                <span className="mt-1 block text-sm text-muted">{fill(m['dashboard.duplicatesRefunded'], { count: formatCount(lang, overview.payments.duplicatesRefunded) })}</span>
                <span className={`mt-1 block text-sm ${overview.payments.disputesOpen > 0 ? 'font-semibold text-danger' : 'text-muted'}`}>
                  {fill(m['dashboard.disputesOpen'], { count: formatCount(lang, overview.payments.disputesOpen) })}
                </span>
                <span className={`mt-1 block text-sm ${overview.payments.reconciliation?.failed ? 'font-semibold text-danger' : 'text-muted'}`}>
                  {overview.payments.reconciliation
                    ? fill(overview.payments.reconciliation.failed ? m['dashboard.reconciliationFailed'] : m['dashboard.reconciliation'], { age: formatAge(lang, overview.payments.reconciliation.at) })
                    : m['dashboard.reconciliationNever']}
                </span>
              </FigureCard>
              <FigureCard href={list('mail', '?status=FAILED')} label={m['dashboard.failedMail']} alert={overview.mail.failed > 0} testId="failed-mail">
                <Figure value={formatCount(lang, overview.mail.failed)} note={fill(m['dashboard.queuedMail'], { count: formatCount(lang, overview.mail.queued) })} />
              </FigureCard>
              <SiteBuildCard lang={lang} href={list('site')} site={overview.site} m={m} />
            </div>
          </Section>

          <Section title={m['dashboard.new']}>
            <div className="grid gap-3 sm:grid-cols-2">
              <FigureCard href={list('fundraisers')} label={m['dashboard.newFundraisers']} testId="new-fundraisers">
                <Counts lang={lang} counts={overview.newFundraisers} m={m} />
              </FigureCard>
              <FigureCard href={list('users')} label={m['dashboard.newUsers']} testId="new-users">
                <Counts lang={lang} counts={overview.newUsers} m={m} />
              </FigureCard>
            </div>
          </Section>

          <Section
            title={m['dashboard.latest']}
            action={
              <a href={list('audit')} className="text-sm font-semibold underline-offset-4 hover:underline">
                {m['dashboard.allAudit']}
              </a>
            }
          >
            <AuditEventList lang={lang} events={overview.audit} m={m} />
          </Section>
        </div>
      )}
    </Loading>
  );
}

/** A figure as a link to the list behind it; outlined in red when something waits for an admin. */
function FigureCard({ href, label, alert = false, testId, children }: { href: string; label: string; alert?: boolean; testId: string; children: ReactNode }) {
  return (
    <a href={href} className={`block rounded-lg border-2 bg-sunken px-4 py-3 text-ink no-underline hover:border-brand ${alert ? 'border-danger' : 'border-transparent'}`} data-testid={testId}>
      <span className="block text-sm font-semibold text-muted">{label}</span>
      {children}
    </a>
  );
}

function Figure({ value, note }: { value: string; note: string }) {
  return (
    <span className="mt-1 block">
      <span className="block text-2xl font-extrabold tabular-nums break-words">{value}</span>
      <span className="block text-sm text-muted">{note}</span>
    </span>
  );
}

function Counts({ lang, counts, m }: { lang: Lang; counts: Overview['newFundraisers']; m: M }) {
  return (
    <span className="mt-1 grid grid-cols-3 gap-2">
      {(['today', 'days7', 'days30'] as const).map((period) => (
        <span key={period}>
          <span className="block text-2xl font-extrabold tabular-nums">{formatCount(lang, counts[period])}</span>
          <span className="block text-sm text-muted">{m[`dashboard.${period}`]}</span>
        </span>
      ))}
    </span>
  );
}

function SiteBuildCard({ lang, href, site, m }: { lang: Lang; href: string; site: Overview['site']; m: M }) {
  const build = site.lastBuild;
  const failed = build?.result === 'FAILED';
  return (
    <FigureCard href={href} label={m['dashboard.lastBuild']} alert={failed} testId="last-build">
      {build ? (
        <Figure value={formatAge(lang, build.startedAt)} note={failed ? m['dashboard.buildFailed'] : m['dashboard.buildDone']} />
      ) : (
        <Figure value={m['dashboard.noBuild']} note={m['dashboard.noBuildNote']} />
      )}
      {site.serving && <span className="mt-1 block text-sm text-muted">{fill(m['dashboard.serving'], { age: formatAge(lang, site.serving.builtAt) })}</span>}
    </FigureCard>
  );
}
