import { useEffect, useState, type ReactNode } from 'react';
import { refundProgress, verifyNoteLength, type AdminFundraiserDetail } from '../../lib/admin';
import { apiFetch } from '../../lib/api';
import { fill, textLang } from '../../lib/format';
import { formatCount } from '../../lib/report';
import { reasonField, useActionDialog, type ActionRequest } from './ActionDialog';
import type { AdminMessages, AdminPaths } from './messages';
import { Loading, Moment, rowButtonClass, rowDangerButtonClass } from './parts';
import { useAdminGet } from './use-admin';

type Lang = 'en' | 'am';
type M = AdminMessages<'fundraisers' | 'fundraiserStatus'>;
type Action = 'verify' | 'unverify' | 'suspend' | 'reinstate' | 'close' | 'refund-all';

type Props = {
  lang: Lang;
  id: number;
  paths: AdminPaths;
  m: M;
  /** The fundraiser as an action or a progress check answered it, for its row; `text` says what was done. */
  onChanged: (detail: AdminFundraiserDetail, text?: string) => void;
};

/** How often "refund all" is asked how far it has got while it runs. */
const pollMs = 2500;

/**
 * One fundraiser as the admins manage it, under its row: its donations and open reports, the
 * verified mark, the actions its status allows, and the progress of "refund all".
 */
export function FundraiserManager({ lang, id, paths, m, onChanged }: Props) {
  const url = `/api/admin/fundraisers/${id}`;
  const { loaded, retry, update } = useAdminGet<AdminFundraiserDetail>(url, lang, m);
  const { open, dialog } = useActionDialog(m);
  const detail = loaded.data;
  const running = detail?.refundRun?.status === 'RUNNING';
  const [missedPolls, setMissedPolls] = useState(0);

  // Quietly, without dimming the panel: the progress moves on its own, nobody asked for it.
  useEffect(() => {
    if (!running) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<AdminFundraiserDetail>(url, { lang, signal: controller.signal })
        .then((fresh) => {
          update(() => fresh);
          onChanged(fresh);
        })
        .catch(() => {
          if (!controller.signal.aborted) setMissedPolls((n) => n + 1);
        });
    }, pollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [running, detail, missedPolls, url, lang, update, onChanged]);

  const act = (action: Action, request: Omit<ActionRequest, 'run'>, done: string) =>
    open({
      ...request,
      run: async (text) => {
        const body = action === 'verify' ? { note: text } : { reason: text };
        const fresh = await apiFetch<AdminFundraiserDetail>(`${url}/${action}`, { method: 'POST', body, lang });
        update(() => fresh);
        onChanged(fresh, done);
      },
    });

  return (
    <section className="mt-2 rounded-lg border-2 border-line bg-sunken p-4" aria-label={m['fundraisers.manageLabel']} data-testid="fundraiser-manager">
      <Loading loaded={loaded} retry={retry} m={m}>
        {(f) => {
          const reason = reasonField(m);
          return (
            <>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <Fact label={m['fundraisers.paid']} value={formatCount(lang, f.donations.paid)} />
                <Fact label={m['fundraisers.refunded']} value={formatCount(lang, f.donations.refunded)} />
                <Fact
                  label={m['fundraisers.openFlags']}
                  value={
                    f.openFlags > 0 ? (
                      <a href={`${paths.admin}/flags`} className="underline-offset-4 hover:underline">
                        {formatCount(lang, f.openFlags)}
                      </a>
                    ) : (
                      formatCount(lang, 0)
                    )
                  }
                />
                <Fact
                  label={m['fundraisers.verification']}
                  value={
                    f.verified ? (
                      <>
                        <span className="block" lang={textLang(f.verified.note)}>
                          {f.verified.note}
                        </span>
                        <span className="block text-xs font-normal text-muted">
                          <Moment lang={lang} iso={f.verified.at} />
                        </span>
                      </>
                    ) : (
                      m['fundraisers.notVerified']
                    )
                  }
                />
              </dl>

              <RefundRunProgress lang={lang} detail={f} m={m} />

              <div className="mt-4 flex flex-wrap gap-2">
                {f.verified ? (
                  <button type="button" className={rowButtonClass} onClick={() => act('unverify', { title: m['fundraisers.unverifyTitle'], text: m['fundraisers.unverifyText'], confirm: m['fundraisers.unverify'], field: reason }, m['fundraisers.unverifiedDone'])}>
                    {m['fundraisers.unverify']}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={rowButtonClass}
                    onClick={() =>
                      act(
                        'verify',
                        {
                          title: m['fundraisers.verifyTitle'],
                          text: m['fundraisers.verifyText'],
                          confirm: m['fundraisers.verify'],
                          field: { name: 'note', label: m['fundraisers.verifyNote'], hint: m['fundraisers.verifyHint'], ...verifyNoteLength },
                        },
                        m['fundraisers.verifiedDone'],
                      )
                    }
                  >
                    {m['fundraisers.verify']}
                  </button>
                )}
                {f.status === 'SUSPENDED' ? (
                  <button type="button" className={rowButtonClass} onClick={() => act('reinstate', { title: m['fundraisers.reinstateTitle'], text: m['fundraisers.reinstateText'], confirm: m['fundraisers.reinstate'], field: reason }, m['fundraisers.reinstatedDone'])}>
                    {m['fundraisers.reinstate']}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={rowDangerButtonClass}
                    onClick={() => act('suspend', { title: m['fundraisers.suspendTitle'], text: m['fundraisers.suspendText'], confirm: m['fundraisers.suspend'], danger: true, field: reason }, m['fundraisers.suspendedDone'])}
                  >
                    {m['fundraisers.suspend']}
                  </button>
                )}
                {f.status !== 'CLOSED' && (
                  <button
                    type="button"
                    className={rowDangerButtonClass}
                    onClick={() => act('close', { title: m['fundraisers.closeTitle'], text: m['fundraisers.closeText'], confirm: m['fundraisers.close'], danger: true, field: reason }, m['fundraisers.closedDone'])}
                  >
                    {m['fundraisers.close']}
                  </button>
                )}
                {f.status === 'SUSPENDED' && f.donations.paid > 0 && !running && (
                  <button
                    type="button"
                    className={rowDangerButtonClass}
                    onClick={() =>
                      act(
                        'refund-all',
                        { title: m['fundraisers.refundAllTitle'], text: fill(m['fundraisers.refundAllText'], { count: formatCount(lang, f.donations.paid) }), confirm: m['fundraisers.refundAll'], danger: true, field: reason },
                        m['fundraisers.refundAllStarted'],
                      )
                    }
                  >
                    {m['fundraisers.refundAll']}
                  </button>
                )}
              </div>
              {f.status !== 'SUSPENDED' && f.donations.paid > 0 && <p className="mt-2 text-xs text-muted">{m['fundraisers.refundAllNeedsSuspension']}</p>}

              <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <a href={`${paths.admin}/donations?fundraiserId=${f.id}`} className="underline-offset-4 hover:underline">
                  {m['fundraisers.itsDonations']}
                </a>
                <a href={`${paths.admin}/audit?targetType=fundraiser&targetId=${f.id}`} className="underline-offset-4 hover:underline">
                  {m['fundraisers.itsAudit']}
                </a>
              </p>
            </>
          );
        }}
      </Loading>
      {dialog}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold break-words">{value}</dd>
    </div>
  );
}

/** "Refund all" as it goes, or how it ended: refunded, refused by the provider, still to try. */
function RefundRunProgress({ lang, detail, m }: { lang: Lang; detail: AdminFundraiserDetail; m: M }) {
  const run = detail.refundRun;
  const progress = refundProgress(detail);
  if (!run || !progress) return null;
  const running = run.status === 'RUNNING';
  return (
    <div className={`mt-4 rounded-lg border-2 bg-surface p-3 ${run.failed > 0 ? 'border-danger' : 'border-line'}`} data-testid="refund-run">
      <p className="font-semibold" role="status">
        {running ? m['fundraisers.refundRunning'] : m['fundraisers.refundDone']}
      </p>
      <progress className="mt-2 h-2 w-full accent-brand" max={Math.max(progress.total, 1)} value={progress.done} aria-label={m['fundraisers.refundProgress']} />
      <p className="mt-1 text-sm">
        {fill(m['fundraisers.refundCounts'], { refunded: formatCount(lang, run.refunded), failed: formatCount(lang, run.failed), left: formatCount(lang, progress.left) })}
      </p>
      {run.lastError && <p className="mt-1 text-sm break-words text-danger">{fill(m['fundraisers.refundLastError'], { error: run.lastError })}</p>}
      <p className="mt-1 text-xs text-muted">
        <Moment lang={lang} iso={run.createdAt} />
        {run.finishedAt && (
          <>
            {' – '}
            <Moment lang={lang} iso={run.finishedAt} />
          </>
        )}
        {' · '}
        <span lang={textLang(run.reason)}>“{run.reason}”</span>
      </p>
    </div>
  );
}
