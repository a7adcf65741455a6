import { useState } from 'react';
import { adminPageSize, filterChecks, filterQuery, type AdminUser, type Page } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { fill, textLang } from '../../lib/format';
import { Section } from '../reports/parts';
import { reasonField, useActionDialog, type ActionRequest } from './ActionDialog';
import { DataTable } from './DataTable';
import { FilterForm, SelectFilter, TextFilter } from './FilterForm';
import type { AdminMessages } from './messages';
import { Badge, Moment, Numbered, OutcomeNote, PagedList, rowButtonClass, rowDangerButtonClass, type Outcome } from './parts';
import { useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'users'>;

const checks = { query: filterChecks.text, status: filterChecks.oneOf(['ADMIN', 'DISABLED']) };
const fields = ['query', 'status'] as const;

/** The accounts: found by number, name or e-mail; disabled and enabled, made admins and no longer. */
export default function UsersScreen({ lang, me, m }: { lang: Lang; me: number; m: M }) {
  const [filters, setFilters] = useAddressFilters(checks);
  const { loaded, retry, update } = useAdminGet<Page<AdminUser>>(`/api/admin/users?${filterQuery(filters, adminPageSize)}`, lang, m);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const { open, dialog } = useActionDialog(m);

  const act = (user: AdminUser, path: 'disable' | 'enable' | 'admin', request: Omit<ActionRequest, 'run' | 'field'>, done: string, admin?: boolean) =>
    open({
      ...request,
      field: reasonField(m),
      run: async (reason) => {
        const answer = await apiFetch<AdminUser>(`/api/admin/users/${user.id}/${path}`, { method: 'POST', body: admin === undefined ? { reason } : { admin, reason }, lang });
        update((page) => ({ ...page, content: page.content.map((u) => (u.id === answer.id ? answer : u)) }));
        setOutcome({ done: true, text: fill(done, { email: answer.email }) });
      },
    });

  return (
    <div data-testid="admin-users">
      <Section title={m['users.search']}>
        <FilterForm label={m['users.search']} fields={fields} values={filters} m={m} onApply={(values) => setFilters({ ...values, page: 0 })}>
          <TextFilter name="query" type="search" label={m['users.query']} hint={m['users.queryHint']} defaultValue={filters.query} wide />
          <SelectFilter
            name="status"
            label={m['users.show']}
            defaultValue={filters.status}
            options={[
              { value: '', label: m['users.everyone'] },
              { value: 'ADMIN', label: m['users.adminsOnly'] },
              { value: 'DISABLED', label: m['users.disabledOnly'] },
            ]}
          />
        </FilterForm>
      </Section>
      <OutcomeNote outcome={outcome} />
      <div className="mt-6">
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['users.empty'], text: m['common.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(rows) => (
            <DataTable
              caption={m['users.caption']}
              testId="user-table"
              rows={rows}
              title={{
                header: m['users.user'],
                cell: (u) => (
                  <>
                    <span className="block font-semibold" lang={textLang(`${u.firstName} ${u.lastName}`)}>
                      {u.firstName} {u.lastName}
                    </span>
                    <span className="block text-sm break-all">{u.email}</span>
                    <Numbered m={m} id={u.id} />
                  </>
                ),
              }}
              columns={[
                {
                  header: m['users.status'],
                  cell: (u) => (
                    <span className="flex flex-wrap gap-1.5">
                      {u.disabledAt ? <Badge tone="bad">{m['users.disabled']}</Badge> : <Badge tone="good">{m['users.active']}</Badge>}
                      {u.admin && <Badge tone="warn">{m['users.admin']}</Badge>}
                      {!u.emailVerified && <Badge tone="quiet">{m['users.unverified']}</Badge>}
                    </span>
                  ),
                },
                { header: m['users.joined'], cell: (u) => <Moment lang={lang} iso={u.createdAt} /> },
                { header: m['users.lastLogin'], cell: (u) => (u.lastLoginAt ? <Moment lang={lang} iso={u.lastLoginAt} /> : m['users.never']) },
              ]}
              actions={{
                header: m['common.actions'],
                cell: (u) =>
                  u.id === me ? (
                    <span className="text-sm text-muted">{m['users.you']}</span>
                  ) : (
                    <>
                      {u.disabledAt ? (
                        <button type="button" className={rowButtonClass} onClick={() => act(u, 'enable', { title: m['users.enableTitle'], text: fill(m['users.enableText'], { email: u.email }), confirm: m['users.enable'] }, m['users.enabled'])}>
                          {m['users.enable']}
                          <span className="sr-only"> {u.email}</span>
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={rowDangerButtonClass}
                          onClick={() => act(u, 'disable', { title: m['users.disableTitle'], text: fill(m['users.disableText'], { email: u.email }), confirm: m['users.disable'], danger: true }, m['users.disabledDone'])}
                        >
                          {m['users.disable']}
                          <span className="sr-only"> {u.email}</span>
                        </button>
                      )}
                      {u.admin ? (
                        <button
                          type="button"
                          className={rowDangerButtonClass}
                          onClick={() => act(u, 'admin', { title: m['users.revokeTitle'], text: fill(m['users.revokeText'], { email: u.email }), confirm: m['users.revoke'], danger: true }, m['users.revoked'], false)}
                        >
                          {m['users.revoke']}
                          <span className="sr-only"> {u.email}</span>
                        </button>
                      ) : (
                        <button type="button" className={rowButtonClass} onClick={() => act(u, 'admin', { title: m['users.grantTitle'], text: fill(m['users.grantText'], { email: u.email }), confirm: m['users.grant'] }, m['users.granted'], true)}>
                          {m['users.grant']}
                          <span className="sr-only"> {u.email}</span>
                        </button>
                      )}
                    </>
                  ),
              }}
            />
          )}
        </PagedList>
      </div>
      {dialog}
    </div>
  );
}
