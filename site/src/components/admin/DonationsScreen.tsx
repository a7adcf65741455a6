import { useState } from 'react';
import { adminPageSize, donationStatuses, filterChecks, filterQuery, isKnown, type AdminDonation, type Page } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { fill, formatAmount, textLang } from '../../lib/format';
import { Section } from '../reports/parts';
import { reasonField, useActionDialog } from './ActionDialog';
import { DataTable } from './DataTable';
import { FilterForm, TextFilter } from './FilterForm';
import type { AdminMessages, AdminPaths } from './messages';
import { Badge, Moment, Numbered, OutcomeNote, PagedList, rowButtonClass, rowDangerButtonClass, type BadgeTone, type Outcome } from './parts';
import { failureWords, useAddressFilters, useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'donations' | 'fundraiserStatus'>;

const checks = { query: filterChecks.text, fundraiserId: filterChecks.id };
const fields = ['query', 'fundraiserId'] as const;

const statusTones: Record<AdminDonation['status'], BadgeTone> = { PENDING: 'quiet', FAILED: 'bad', CANCELLED: 'quiet', EXPIRED: 'quiet', SUCCEEDED: 'good', REFUNDED: 'warn' };

/** A payment's status or method as its provider's record names it; one this page does not know, as it comes. */
function statusLabel(m: M, status: string): string {
  return isKnown(donationStatuses, status) ? m[`donations.status.${status}`] : status;
}

function methodLabel(m: M, method: string | null): string {
  if (method === 'STRIPE' || method === 'PAYPAL' || method === 'CHAPA') return m[`donations.method.${method}`];
  return method ?? m['donations.method.none'];
}

/**
 * Finding a donation (by its number, its donor's e-mail, or a payment or transaction id a
 * provider or a donor quotes), refunding it, and sending its receipt again.
 */
export default function DonationsScreen({ lang, paths, m }: { lang: Lang; paths: AdminPaths; m: M }) {
  const [filters, setFilters] = useAddressFilters(checks);
  const { loaded, retry, update } = useAdminGet<Page<AdminDonation>>(`/api/admin/donations?${filterQuery(filters, adminPageSize)}`, lang, m);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const { open: ask, dialog } = useActionDialog(m);

  const replace = (donation: AdminDonation) => update((page) => ({ ...page, content: page.content.map((d) => (d.id === donation.id ? donation : d)) }));

  const refund = (d: AdminDonation) =>
    ask({
      title: m['donations.refundTitle'],
      text: fill(m['donations.refundText'], { amount: formatAmount(lang, d.amount, d.currency), email: d.donorEmail }),
      confirm: m['donations.refund'],
      danger: true,
      field: reasonField(m),
      run: async (reason) => {
        const answer = await apiFetch<AdminDonation>(`/api/admin/donations/${d.id}/refund`, { method: 'POST', body: { reason }, lang });
        replace(answer);
        setOutcome({ done: true, text: answer.status === 'REFUNDED' ? m['donations.refunded'] : m['donations.refundAsked'] });
      },
    });

  const resendReceipt = async (d: AdminDonation) => {
    if (sending !== null) return;
    setSending(d.id);
    try {
      await apiFetch(`/api/admin/donations/${d.id}/receipt`, { method: 'POST', lang });
      setOutcome({ done: true, text: fill(m['donations.receiptSent'], { email: d.donorEmail }) });
    } catch (error) {
      setOutcome({ done: false, text: errorText(error, failureWords(m)) });
    } finally {
      setSending(null);
    }
  };

  return (
    <div data-testid="admin-donations">
      <Section title={m['donations.search']}>
        <FilterForm label={m['donations.search']} fields={fields} values={filters} m={m} onApply={(values) => setFilters({ ...values, page: 0 })}>
          <TextFilter name="query" type="search" label={m['donations.query']} hint={m['donations.queryHint']} defaultValue={filters.query} wide />
          <TextFilter name="fundraiserId" label={m['donations.fundraiserId']} defaultValue={filters.fundraiserId} numeric />
        </FilterForm>
      </Section>
      <OutcomeNote outcome={outcome} />
      <div className="mt-6">
        <PagedList lang={lang} loaded={loaded} retry={retry} m={m} empty={{ title: m['donations.empty'], text: m['common.emptyHint'] }} onPage={(page) => setFilters({ ...filters, page })}>
          {(rows) => (
            <DataTable
              caption={m['donations.caption']}
              testId="donation-table"
              rows={rows}
              title={{
                header: m['donations.donor'],
                cell: (d) => (
                  <>
                    <span className="block font-semibold" lang={d.donorName ? textLang(d.donorName) : undefined}>
                      {d.donorName ?? m['donations.noName']}
                    </span>
                    <span className="block text-sm break-all">{d.donorEmail}</span>
                    <Numbered m={m} id={d.id} />
                  </>
                ),
              }}
              columns={[
                {
                  header: m['donations.amount'],
                  end: true,
                  cell: (d) => <span className={`font-semibold whitespace-nowrap ${d.status === 'REFUNDED' ? 'text-muted line-through' : ''}`}>{formatAmount(lang, d.amount, d.currency)}</span>,
                },
                {
                  header: m['donations.fundraiser'],
                  cell: (d) => (
                    <>
                      <a href={`${paths.fundraiser}${d.fundraiser.id}`} className="underline-offset-4 hover:underline" lang={textLang(d.fundraiser.title)}>
                        {d.fundraiser.title}
                      </a>
                      {d.fundraiser.status !== 'ACTIVE' && (
                        <span className="ms-2">
                          <Badge tone="quiet">{m[`fundraiserStatus.${d.fundraiser.status}`]}</Badge>
                        </span>
                      )}
                    </>
                  ),
                },
                { header: m['donations.statusHeader'], cell: (d) => <Badge tone={statusTones[d.status]}>{statusLabel(m, d.status)}</Badge> },
                { header: m['donations.methodHeader'], cell: (d) => methodLabel(m, d.paymentMethod) },
                { header: m['donations.date'], cell: (d) => <Moment lang={lang} iso={d.createdAt} /> },
              ]}
              actions={{
                header: m['common.actions'],
                cell: (d) => (
                  <>
                    <button type="button" className={rowButtonClass} aria-expanded={open === d.id} onClick={() => setOpen(open === d.id ? null : d.id)}>
                      {m['donations.payments']}
                      <span className="sr-only"> {fill(m['donations.ofDonation'], { id: d.id })}</span>
                    </button>
                    {d.status === 'SUCCEEDED' && (
                      <>
                        <button type="button" className={rowButtonClass} disabled={sending !== null} aria-busy={sending === d.id} onClick={() => resendReceipt(d)}>
                          {sending === d.id ? m['common.working'] : m['donations.resendReceipt']}
                          <span className="sr-only"> {fill(m['donations.ofDonation'], { id: d.id })}</span>
                        </button>
                        <button type="button" className={rowDangerButtonClass} onClick={() => refund(d)}>
                          {m['donations.refund']}
                          <span className="sr-only"> {fill(m['donations.ofDonation'], { id: d.id })}</span>
                        </button>
                      </>
                    )}
                  </>
                ),
              }}
              detail={(d) => (open === d.id ? <PaymentList lang={lang} donation={d} m={m} /> : null)}
            />
          )}
        </PagedList>
      </div>
      {dialog}
    </div>
  );
}

/** What the providers know of a donation: the references to quote to them, and any refund. */
function PaymentList({ lang, donation, m }: { lang: Lang; donation: AdminDonation; m: M }) {
  return (
    <div className="mt-2 rounded-lg bg-sunken p-3 text-sm" data-testid="donation-payments">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        <dt className="text-muted">{m['donations.started']}</dt>
        <dd>
          <Moment lang={lang} iso={donation.createdAt} />
        </dd>
        {donation.succeededAt && (
          <>
            <dt className="text-muted">{m['donations.paidAt']}</dt>
            <dd>
              <Moment lang={lang} iso={donation.succeededAt} />
            </dd>
          </>
        )}
      </dl>
      {donation.payments.length === 0 ? (
        <p className="mt-2">{m['donations.noPayments']}</p>
      ) : (
        <ul className="mt-2 space-y-3">
          {donation.payments.map((p) => (
            <li key={p.providerRef}>
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                {methodLabel(m, p.method)} <Badge tone="quiet">{statusLabel(m, p.status)}</Badge>
                {p.sandbox && <Badge tone="warn">{m['donations.sandbox']}</Badge>}
              </p>
              <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                <dt className="text-muted">{m['donations.providerRef']}</dt>
                <dd className="font-mono break-all">{p.providerRef}</dd>
                {p.transactionId && (
                  <>
                    <dt className="text-muted">{m['donations.transactionId']}</dt>
                    <dd className="font-mono break-all">{p.transactionId}</dd>
                  </>
                )}
                {p.refundId && (
                  <>
                    <dt className="text-muted">{m['donations.refundId']}</dt>
                    <dd className="font-mono break-all">{p.refundId}</dd>
                  </>
                )}
                {p.refundReason && (
                  <>
                    <dt className="text-muted">{m['donations.refundReason']}</dt>
                    <dd className="break-words">{p.refundReason}</dd>
                  </>
                )}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
