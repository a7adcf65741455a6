import { useState } from 'react';
import { formatAge, formatSeconds, type Rebuild, type SiteBuild, type SiteState } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { fill } from '../../lib/format';
import { primaryButtonClass } from '../forms';
import { EmptyState, Section } from '../reports/parts';
import { SpinnerIcon } from '../Spinner';
import { DataTable } from './DataTable';
import type { AdminMessages } from './messages';
import { Badge, Loading, Moment, OutcomeNote, type Outcome } from './parts';
import { failureWords, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'site'>;

/**
 * The pre-rendered pages: the build this server serves, the latest builds (when, why, how
 * long, how they ended), and a rebuild now, for data the pages should show at once.
 */
export default function SiteScreen({ lang, m }: { lang: Lang; m: M }) {
  const { loaded, retry, update } = useAdminGet<SiteState>('/api/admin/site', lang, m);
  const [building, setBuilding] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const rebuild = async () => {
    if (building) return;
    setBuilding(true);
    setOutcome(null);
    try {
      const answer = await apiFetch<Rebuild>('/api/admin/site/rebuild', { method: 'POST', lang });
      update((site) => ({ ...site, serving: answer.serving }));
      setOutcome({ done: true, text: answer.built ? m['site.rebuilt'] : m['site.notRebuilt'] });
      // The list gains the build just made.
      retry();
    } catch (error) {
      setOutcome({ done: false, text: errorText(error, failureWords(m)) });
    } finally {
      setBuilding(false);
    }
  };

  return (
    <div className="space-y-6" data-testid="admin-site">
      <Loading loaded={loaded} retry={retry} m={m}>
        {(site) => (
          <>
            <Section title={m['site.serving']} intro={m['site.intro']}>
              {site.serving ? (
                <p data-testid="serving-build">
                  {fill(m['site.servingBuild'], { id: site.serving.id, age: formatAge(lang, site.serving.builtAt) })} <span className="text-sm text-muted">(<Moment lang={lang} iso={site.serving.builtAt} />)</span>
                </p>
              ) : (
                <p>{m['site.noServing']}</p>
              )}
              <button type="button" className={`${primaryButtonClass} mt-4`} onClick={rebuild} disabled={building}>
                {building && <SpinnerIcon />}
                {building ? m['site.rebuilding'] : m['site.rebuild']}
              </button>
              <p className="mt-2 text-sm text-muted">{m['site.rebuildHint']}</p>
              <OutcomeNote outcome={outcome} />
            </Section>
            <Section title={m['site.builds']}>
              {site.builds.length === 0 ? <EmptyState icon="list" title={m['site.noBuilds']} /> : <BuildTable lang={lang} builds={site.builds} m={m} />}
            </Section>
          </>
        )}
      </Loading>
    </div>
  );
}

function BuildTable({ lang, builds, m }: { lang: Lang; builds: SiteBuild[]; m: M }) {
  return (
    <DataTable
      caption={m['site.builds']}
      testId="build-table"
      rows={builds}
      title={{
        header: m['site.started'],
        cell: (b) => (
          <>
            <Moment lang={lang} iso={b.startedAt} />
            <span className="block text-xs text-muted">{formatAge(lang, b.startedAt)}</span>
          </>
        ),
      }}
      columns={[
        {
          header: m['site.result'],
          cell: (b) => (
            <>
              {b.result === 'BUILT' ? <Badge tone="good">{m['site.built']}</Badge> : <Badge tone="bad">{m['site.failed']}</Badge>}
              {b.error && <span className="mt-1 block text-xs break-words text-danger">{b.error}</span>}
            </>
          ),
        },
        { header: m['site.triggerHeader'], cell: (b) => m[`site.trigger.${b.trigger}`] },
        { header: m['site.duration'], end: true, cell: (b) => formatSeconds(lang, b.durationMs) },
        { header: m['site.buildId'], cell: (b) => (b.buildId ? <span className="font-mono text-xs break-all">{b.buildId}</span> : null) },
        { header: m['site.host'], cell: (b) => <span className="break-all">{b.host}</span> },
      ]}
    />
  );
}
