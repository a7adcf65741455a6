import { adminPageSize, auditActions, auditTargetTypes, filterChecks, filterQuery, type AuditEvent, type Page } from '../../lib/admin';
import { textLang } from '../../lib/format';
import { isDay } from '../../lib/report';
import { Section } from '../reports/parts';
import { actionLabel, OutcomeBadge, targetLabel } from './AuditEventList';
import { DataTable } from './DataTable';
import { FilterForm, SelectFilter, TextFilter } from './FilterForm';
import type { AdminMessages } from './messages';
import { Moment, Numbered, PagedList } from './parts';
import { useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'audit'>;

const checks = {
  actorId: filterChecks.id,
  action: filterChecks.action,
  targetType: filterChecks.oneOf(auditTargetTypes),
  targetId: filterChecks.id,
  from: isDay,
  to: isDay,
};
const fields = ['actorId', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** Every admin action, newest first: who did what to what, why, when, from where, and how it ended. */
export default function AuditScreen({ lang, m }: { lang: Lang; m: M }) {
  const [filters, setFilters] = useAddressFilters(checks);
  const { loaded, retry } = useAdminGet<Page<AuditEvent>>(`/api/admin/audit?${filterQuery(filters, adminPageSize)}`, lang, m);

  return (
    <div data-testid="admin-audit">
      <Section title={m['audit.search']} intro={m['audit.intro']}>
        <FilterForm label={m['audit.search']} fields={fields} values={filters} m={m} onApply={(values) => setFilters({ ...values, page: 0 })}>
          <TextFilter name="action" label={m['audit.action']} hint={m['audit.actionHint']} defaultValue={filters.action} suggestions={auditActions} />
          <SelectFilter
            name="targetType"
            label={m['audit.targetType']}
            defaultValue={filters.targetType}
            options={[{ value: '', label: m['audit.anyTarget'] }, ...auditTargetTypes.map((type) => ({ value: type, label: m[`audit.target.${type}`] }))]}
          />
          <TextFilter name="targetId" label={m['audit.targetId']} defaultValue={filters.targetId} numeric />
          <TextFilter name="actorId" label={m['audit.actorId']} defaultValue={filters.actorId} numeric />
          <TextFilter name="from" type="date" label={m['audit.from']} defaultValue={filters.from} />
          <TextFilter name="to" type="date" label={m['audit.to']} defaultValue={filters.to} />
        </FilterForm>
      </Section>
      <div className="mt-6">
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['audit.empty'], text: m['common.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(rows) => (
            <DataTable
              caption={m['audit.caption']}
              testId="audit-table"
              rows={rows}
              title={{
                header: m['audit.what'],
                cell: (e) => (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{actionLabel(m, e.action)}</span>
                    <OutcomeBadge m={m} outcome={e.outcome} />
                  </span>
                ),
              }}
              columns={[
                { header: m['audit.targetHeader'], cell: (e) => <span className="break-words">{targetLabel(m, e)}</span> },
                {
                  header: m['audit.reason'],
                  cell: (e) =>
                    e.reason && (
                      <span className="break-words" lang={textLang(e.reason)}>
                        {e.reason}
                      </span>
                    ),
                },
                {
                  header: m['audit.who'],
                  cell: (e) => (
                    <>
                      <span className="block break-all">{e.actor.email}</span>
                      <Numbered m={m} id={e.actor.id} />
                    </>
                  ),
                },
                {
                  header: m['audit.when'],
                  cell: (e) => (
                    <>
                      <Moment lang={lang} iso={e.at} />
                      <span className="block text-xs text-muted">{e.ip}</span>
                    </>
                  ),
                },
              ]}
            />
          )}
        </PagedList>
      </div>
    </div>
  );
}
