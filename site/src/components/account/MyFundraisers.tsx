import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { formatAmount, progressPercent, type FundraiserListItem, type FundraiserStatus, type Page } from '../../lib/fundraiser';
import { Spinner } from '../Spinner';

export type MyFundraisersMessages = {
  empty: string;
  loading: string;
  loadFailed: string;
  raised: string;
  edit: string;
  editLabel: string;
  startFundraising: string;
  /** The link to a fundraiser's progress report (components/reports). */
  progress?: string;
  progressLabel?: string;
  status: Record<FundraiserStatus, string>;
};

type Props = { lang: Lang; userId: number; messages: MyFundraisersMessages; paths: { create: string; fundraiser: string; edit: string } };

/** The signed-in user's fundraisers, every status, newest first, from GET /api/fundraisers/user/{id}. */
export function MyFundraisers({ lang, userId, messages: m, paths }: Props) {
  const [list, setList] = useState<FundraiserListItem[] | null | 'failed'>(null);
  useEffect(() => {
    apiFetch<Page<FundraiserListItem>>(`/api/fundraisers/user/${userId}?size=50`, { lang })
      .then((page) => setList(page.content))
      .catch(() => setList('failed'));
  }, [userId, lang]);

  if (list === null) return <Spinner label={m.loading} />;
  if (list === 'failed') return <p className="mt-4 text-danger">{m.loadFailed}</p>;
  if (list.length === 0) {
    return (
      <div className="mt-4 rounded-xl border-2 border-dashed border-line px-6 py-8 text-center">
        <p className="mx-auto max-w-xl text-muted">{m.empty}</p>
        <a href={paths.create} className="mt-5 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong">
          {m.startFundraising}
        </a>
      </div>
    );
  }
  return (
    <ul className="mt-4 space-y-4" data-testid="my-fundraisers">
      {list.map((f) => {
        const percent = progressPercent(f.raisedAmount, f.goalAmount);
        return (
          <li key={f.id} className="flex flex-wrap items-center gap-4 rounded-xl border border-line bg-surface p-4">
            {f.image ? (
              <img src={f.image.thumbnailUrl} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 rounded-lg object-cover" />
            ) : (
              <span aria-hidden="true" className="h-18 w-24 rounded-lg bg-sunken" />
            )}
            <div className="min-w-0 flex-1">
              <h3 className="font-bold">
                <a className="text-ink underline-offset-2 hover:underline" href={`${paths.fundraiser}${f.id}`}>
                  {f.title}
                </a>
              </h3>
              <p className="mt-1 text-sm">
                <span className="me-2 inline-block rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-on-accent">{m.status[f.status]}</span>
                {m.raised.replace('{raised}', formatAmount(lang, f.raisedAmount, f.currency)).replace('{goal}', formatAmount(lang, f.goalAmount, f.currency))}
              </p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-sunken" aria-hidden="true">
                <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              {m.progress && (
                <a href={`${paths.fundraiser}${f.id}/progress`} className="rounded-lg border-2 border-brand px-4 py-2 font-semibold text-ink hover:bg-sunken" aria-label={m.progressLabel?.replace('{title}', f.title)}>
                  {m.progress}
                </a>
              )}
              <a href={`${paths.edit}${f.id}`} className="rounded-lg border-2 border-brand px-4 py-2 font-semibold text-ink hover:bg-sunken" aria-label={m.editLabel.replace('{title}', f.title)}>
                {m.edit}
              </a>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
