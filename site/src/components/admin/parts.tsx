import type { ReactNode } from 'react';
import type { Page } from '../../lib/admin';
import { fill } from '../../lib/format';
import { formatCount, formatMoment } from '../../lib/report';
import { secondaryButtonClass } from '../forms';
import { EmptyState } from '../reports/parts';
import { Spinner } from '../Spinner';
import type { AdminMessages } from './messages';
import type { Loaded } from './use-admin';

type Lang = 'en' | 'am';

export const rowButtonClass =
  'inline-flex min-h-9 cursor-pointer items-center justify-center gap-1.5 rounded-lg border-2 border-brand px-3 py-1 text-sm font-semibold text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-60';
/** Suspend, refund, disable, revoke: the actions that take something away, told apart at a glance. */
export const rowDangerButtonClass =
  'inline-flex min-h-9 cursor-pointer items-center justify-center gap-1.5 rounded-lg border-2 border-danger px-3 py-1 text-sm font-semibold text-danger hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-60';

export type BadgeTone = 'good' | 'warn' | 'bad' | 'quiet';
const badgeTones: Record<BadgeTone, string> = {
  good: 'border-brand text-ink',
  warn: 'border-transparent bg-accent text-on-accent',
  bad: 'border-danger text-danger',
  quiet: 'border-line text-muted',
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeTones[tone]}`}>{children}</span>;
}

export function Moment({ lang, iso }: { lang: Lang; iso: string }) {
  return <time dateTime={iso}>{formatMoment(lang, iso)}</time>;
}

export function LoadFailed({ message, onRetry, m }: { message: string; onRetry: () => void; m: AdminMessages }) {
  return (
    <div role="alert" className="rounded-xl border-2 border-danger bg-surface p-5">
      <p className="font-medium">{message || m['common.loadFailed']}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-4`}>
        {m['common.retry']}
      </button>
    </div>
  );
}

/** What an answer needs before it can be shown: a spinner at first, the failure with a retry, then the data (dimmed while the next loads). */
export function Loading<T>({ loaded, retry, m, children }: { loaded: Loaded<T>; retry: () => void; m: AdminMessages; children: (data: T) => ReactNode }) {
  if (loaded.data === null) return loaded.state === 'failed' ? <LoadFailed message={loaded.message} onRetry={retry} m={m} /> : <Spinner label={m['common.loading']} />;
  const busy = loaded.state === 'loading';
  return (
    <div className={`space-y-4 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} m={m} />}
      {children(loaded.data)}
    </div>
  );
}

type ListProps<T> = {
  lang: Lang;
  loaded: Loaded<Page<T>>;
  retry: () => void;
  m: AdminMessages;
  /** What an empty list means here, and what to try. */
  empty: { title: string; text?: string };
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
};

/** A page of a list: how many were found, the rows, and the way to the other pages. */
export function PagedList<T>({ lang, loaded, retry, m, empty, onPage, children }: ListProps<T>) {
  return (
    <Loading loaded={loaded} retry={retry} m={m}>
      {(page) => (
        <>
          <p className="text-sm text-muted" role="status">
            {fill(m['common.found'], { count: formatCount(lang, page.totalElements) })}
          </p>
          {page.content.length === 0 ? <EmptyState icon="list" title={empty.title} text={empty.text} /> : children(page.content)}
          {page.totalPages > 1 && (
            <nav aria-label={m['common.pages']} className="flex flex-wrap items-center justify-between gap-3">
              <button type="button" className={rowButtonClass} disabled={page.page === 0} onClick={() => onPage(page.page - 1)}>
                {m['common.previous']}
              </button>
              <span className="text-sm text-muted">{fill(m['common.pageOf'], { page: formatCount(lang, page.page + 1), pages: formatCount(lang, page.totalPages) })}</span>
              <button type="button" className={rowButtonClass} disabled={page.page + 1 >= page.totalPages} onClick={() => onPage(page.page + 1)}>
                {m['common.next']}
              </button>
            </nav>
          )}
        </>
      )}
    </Loading>
  );
}

export type Outcome = { done: boolean; text: string } | null;

/**
 * What the last action came to, read out: two live regions present from the start (screen
 * readers announce changes only to a region that was already there), polite for done,
 * assertive for failed. Empty, they take no room: the spacing is the message's own.
 */
export function OutcomeNote({ outcome }: { outcome: Outcome }) {
  return (
    <>
      <div role="status">{outcome?.done && <p className="mt-6 rounded-lg border-2 border-brand bg-surface px-4 py-3 font-medium">{outcome.text}</p>}</div>
      <div role="alert">{outcome && !outcome.done && <p className="mt-6 rounded-lg border-2 border-danger bg-surface px-4 py-3 font-medium text-danger">{outcome.text}</p>}</div>
    </>
  );
}

/** A number the admins know things by ("No. 42"), quiet beside a name. */
export function Numbered({ m, id }: { m: AdminMessages; id: number }) {
  return <span className="text-xs text-muted tabular-nums">{fill(m['common.number'], { id })}</span>;
}
