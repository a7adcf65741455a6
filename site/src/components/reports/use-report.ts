import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { browserTimeZone, periodFromSearch, periodParams, rangeOf, reportSearch, todayIn, type Period, type Range } from '../../lib/report';
import type { ReportMessages } from './messages';

export type Loaded<T> =
  | { state: 'loading'; data: T | null }
  | { state: 'ready'; data: T }
  | { state: 'forbidden' | 'notFound'; data: null }
  | { state: 'failed'; data: T | null; message: string };

/**
 * The period of a report screen, kept in the address (`?days=90`, `?from=…&to=…`) so that a
 * reload, a shared link and the sub-navigation keep it; the days it covers in the viewer's zone.
 */
export function usePeriod() {
  const timeZone = useRef(browserTimeZone()).current;
  const [period, setPeriodState] = useState<Period>(() => periodFromSearch(new URLSearchParams(location.search)));
  const today = todayIn(timeZone);
  const range = rangeOf(period, today);
  const setPeriod = useCallback((next: Period) => {
    const params = new URLSearchParams(location.search);
    for (const key of ['days', 'from', 'to', 'page']) params.delete(key);
    for (const [key, value] of periodParams(next)) params.set(key, value);
    const query = params.toString();
    history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    setPeriodState(next);
  }, []);
  return { period, setPeriod, range, today, timeZone };
}

/**
 * GETs `path?from&to&tz&…` whenever what it asks for changes; keeps the figures shown while
 * the next ones load (the period picker dims them), and tells a refusal from a failure.
 */
export function useReport<T>(path: string | null, range: Range, timeZone: string, lang: string, m: ReportMessages, extra: Record<string, string | number | undefined> = {}) {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading', data: null });
  const [attempt, setAttempt] = useState(0);
  const query = path === null ? null : `${path}?${reportSearch(range, timeZone, extra)}`;

  useEffect(() => {
    if (query === null) return;
    const controller = new AbortController();
    setLoaded((current) => ({ state: 'loading', data: current.data }));
    apiFetch<T>(query, { lang, signal: controller.signal })
      .then((data) => setLoaded({ state: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 403) setLoaded({ state: 'forbidden', data: null });
        else if (error instanceof ApiError && error.status === 404) setLoaded({ state: 'notFound', data: null });
        else setLoaded((current) => ({ state: 'failed', data: current.data, message: errorText(error, m) }));
      });
    return () => controller.abort();
  }, [query, lang, attempt]);

  return { loaded, retry: () => setAttempt((n) => n + 1) };
}
