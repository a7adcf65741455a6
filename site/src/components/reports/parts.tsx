import type { ReactNode } from 'react';
import { secondaryButtonClass } from '../forms';
import type { ReportMessages } from './messages';

/**
 * A card of the report screens with its heading. Not a named region: the tables and charts in
 * it are (to be scrolled by keyboard), and two landmarks of one name would say nothing.
 */
export function Section({ title, intro, action, children, testId, className = '' }: { title: string; intro?: string; action?: ReactNode; children: ReactNode; testId?: string; className?: string }) {
  return (
    <section className={`rounded-xl border border-line bg-surface p-4 sm:p-6 ${className}`} data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="text-xl font-bold">{title}</h2>
        {action}
      </div>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One figure: its name above, the number large. */
export function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-sunken px-4 py-3" data-testid={testId}>
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums break-words">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

export function StatGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={label}>
      {children}
    </dl>
  );
}

/** What shows instead of figures when there are none yet: intentional, and saying what to do. */
export function EmptyState({ title, text, action, icon = 'chart' }: { title: string; text?: string; action?: ReactNode; icon?: 'chart' | 'list' | 'share' }) {
  return (
    <div className="flex flex-col items-center rounded-lg border-2 border-dashed border-line px-5 py-8 text-center" data-testid="report-empty">
      <svg className="size-10 text-brand" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {icon === 'chart' && (
          <>
            <path d="M3 3v18h18" />
            <path d="M7 15l4-4 3 3 5-6" />
          </>
        )}
        {icon === 'list' && (
          <>
            <path d="M8 6h13M8 12h13M8 18h13" />
            <path d="M3.5 6h.01M3.5 12h.01M3.5 18h.01" />
          </>
        )}
        {icon === 'share' && (
          <>
            <circle cx="18" cy="5" r="3" />
            <circle cx="6" cy="12" r="3" />
            <circle cx="18" cy="19" r="3" />
            <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
          </>
        )}
      </svg>
      <p className="mt-3 font-semibold">{title}</p>
      {text && <p className="mx-auto mt-1 max-w-md text-sm text-muted">{text}</p>}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}

/** A wide table that scrolls sideways on a phone; focusable, so a keyboard can scroll it too. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/** A number with a thin bar under it, its length the share of the column's largest: the table is the chart. */
export function BarCell({ value, width, colour = 1 }: { value: string; width: number; colour?: 1 | 2 | 3 }) {
  const fill = colour === 1 ? 'bg-brand' : colour === 2 ? 'bg-amber-700 dark:bg-amber-400' : 'bg-blue-700 dark:bg-blue-300';
  return (
    <td className="min-w-14 px-1.5 py-2 text-end tabular-nums sm:min-w-24 sm:px-3">
      <span className="block">{value}</span>
      <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-sunken">
        <span className={`block h-full rounded-full ${fill}`} style={{ width: `${width}%` }} />
      </span>
    </td>
  );
}

export function LoadFailed({ message, onRetry, m }: { message: string; onRetry: () => void; m: ReportMessages }) {
  return (
    <div role="alert" className="rounded-xl border-2 border-danger bg-surface p-5" data-testid="report-failed">
      <p className="font-medium">{message || m.loadFailed}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButtonClass} mt-4`}>
        {m.retry}
      </button>
    </div>
  );
}

/** A report the visitor may not see (403), or of a fundraiser that is not there (404). */
export function NotAllowed({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border-2 border-line bg-surface px-6 py-10 text-center" data-testid="report-forbidden" role="alert">
      <svg className="mx-auto size-10 text-muted" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <rect x="4" y="10" width="16" height="11" rx="2" />
        <path d="M8 10V7a4 4 0 0 1 8 0v3" />
      </svg>
      <h2 className="mt-3 text-xl font-bold">{title}</h2>
      <p className="mx-auto mt-2 max-w-lg text-muted">{text}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

export const linkButtonClass =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-brand px-4 py-2 text-sm font-semibold text-ink no-underline hover:bg-sunken disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:hover:bg-transparent';
export const primaryLinkClass = 'inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2.5 font-semibold text-on-brand no-underline hover:bg-brand-strong';

export function DownloadIcon() {
  return (
    <svg className="size-4 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </svg>
  );
}
