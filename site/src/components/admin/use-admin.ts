import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { filterQuery, filtersFrom, type Filters } from '../../lib/admin';
import type { AdminMessages } from './messages';

export type Loaded<T> = { state: 'loading'; data: T | null } | { state: 'ready'; data: T } | { state: 'failed'; data: T | null; message: string };

/** The words for a failed call, as lib/api-errors.ts wants them. */
export const failureWords = (m: AdminMessages) => ({ network: m['common.network'], unexpected: m['common.unexpected'] });

/**
 * GETs `url` whenever it changes (null: not yet), keeping what was shown while the next answer
 * loads; `update` changes what is shown to what an action answered, without asking again.
 */
export function useAdminGet<T>(url: string | null, lang: string, m: AdminMessages) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setLoaded((current) => ({ state: 'loading', data: current.data }));
    apiFetch<T>(url, { lang, signal: controller.signal })
      .then((data) => setLoaded({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded((current) => ({ state: 'failed', data: current.data, message: errorText(error, failureWords(m)) }));
      });
    return () => controller.abort();
  }, [url, lang, m, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const update = useCallback((change: (data: T) => T) => setLoaded((current) => (current.data === null ? current : { state: 'ready', data: change(current.data) })), []);
  return { loaded, retry, update };
}

/**
 * A list's filters and page, kept in the address so that a reload, a shared link and the
 * dashboard's links show the same rows.
 */
export function useAddressFilters<K extends string>(checks: Record<K, (value: string) => boolean>) {
  const [filters, setState] = useState<Filters<K>>(() => filtersFrom(location.search, checks));
  const setFilters = useCallback((next: Filters<K>) => {
    const query = filterQuery(next);
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    setState(next);
  }, []);
  return [filters, setFilters] as const;
}

const wideQuery = '(min-width: 48rem)';
const watchWidth = (changed: () => void) => {
  const query = matchMedia(wideQuery);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

/** Whether the screen is wide enough for a table; a phone gets cards instead. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    watchWidth,
    () => matchMedia(wideQuery).matches,
    () => true,
  );
}
