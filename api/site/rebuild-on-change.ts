import type { ChangeFeed } from '../../kernel/changes/index.ts';

export interface RebuildTiming {
  /** Keys whose change the static pages must show within seconds (a suspension, a close). */
  urgent: readonly string[];
  /** Keys whose change they show within `routineMs` (a donation moving a total). */
  routine: readonly string[];
  /** Changes that come together (an edit of several fields, a few donations) wait this long to share a rebuild. */
  settleMs: number;
  /** A routine change starts no rebuild sooner than this after the last one started. */
  routineMs: number;
}

/**
 * Rebuilds the pre-rendered pages (home, categories) soon after the data they show changes
 * (on this instance, or on another one it hears of through a shared change feed), instead of
 * at the next run of the rebuild job: at once (after `settleMs`)
 * when a fundraiser appears, disappears or changes what its card says, and at most once every
 * `routineMs` for totals, so that a burst of donations costs one rebuild a minute. The
 * rebuild itself builds only when the exported data differs (site-builder.ts). Changes made
 * by hand in the database reach it through the job. Answers a function that stops it.
 */
export function rebuildOnChange(feed: ChangeFeed, rebuild: () => Promise<void>, timing: RebuildTiming, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let due = Infinity;
  let lastStarted = -Infinity;
  let running = false;
  /** Wanted while a rebuild ran (what changed then may not be in it): whether urgently. */
  let wanted: 'urgent' | 'routine' | null = null;

  const start = () => {
    timer = undefined;
    due = Infinity;
    lastStarted = now();
    running = true;
    // The rebuild reports its own failures; a failed one is followed by the next change's.
    void rebuild()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        const next = wanted;
        wanted = null;
        if (next) want(next);
      });
  };
  const want = (how: 'urgent' | 'routine') => {
    if (running) {
      if (wanted !== 'urgent') wanted = how;
      return;
    }
    const at = how === 'urgent' ? now() + timing.settleMs : Math.max(now() + timing.settleMs, lastStarted + timing.routineMs);
    if (at >= due) return;
    if (timer) clearTimeout(timer);
    due = at;
    timer = setTimeout(start, Math.max(0, at - now()));
    timer.unref?.();
  };
  const stop = feed.listen((keys) => {
    if (keys.some((key) => timing.urgent.includes(key))) want('urgent');
    else if (keys.some((key) => timing.routine.includes(key))) want('routine');
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
  };
}
