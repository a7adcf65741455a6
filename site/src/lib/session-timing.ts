/**
 * The timing rules of a signed-in visit, kept free of the DOM so
 * that they can be tested on their own.
 *
 * The idle timeout comes from the server (/api/auth/status reports the session's
 * `idleTimeoutMinutes`, set by SESSION_IDLE_MINUTES and SESSION_REMEMBERED_IDLE_MINUTES),
 * so the browser logs out when the server would forget the session anyway. The rest is
 * derived from it; for the default 30 and 60 minutes:
 *
 * | idle timeout | warning shown before it | auth check every |
 * |---|---|---|
 * | 30 min | 5 min | 5 min |
 * | 60 min (remember-me) | 5 min | 10 min |
 *
 * and proportionally shorter ones for the short timeouts the browser tests configure.
 */

export const minuteMs = 60_000;

/** Activity resets the timers at most once a second. */
export const activityThrottleMs = 1000;

export type SessionTimings = { idleMs: number; warnBeforeMs: number; checkEveryMs: number };

export function sessionTimings(idleTimeoutMinutes: number | null | undefined, rememberMe: boolean): SessionTimings {
  const minutes = idleTimeoutMinutes && idleTimeoutMinutes > 0 ? idleTimeoutMinutes : rememberMe ? 60 : 30;
  const idleMs = minutes * minuteMs;
  return { idleMs, warnBeforeMs: Math.min(5 * minuteMs, idleMs / 6), checkEveryMs: idleMs / 6 };
}

export type InactivityOptions = {
  idleMs: number;
  warnBeforeMs: number;
  /** The warning is due: show the banner. */
  onWarn: () => void;
  /** Activity after the warning: hide the banner. */
  onActive: () => void;
  /** Idle for the whole timeout: log out. */
  onTimeout: () => void;
  /** Activity seen by other tabs (a timestamp), so that a busy tab keeps this one alive. */
  sharedActivity?: () => number;
  /** Tells other tabs about activity here. */
  shareActivity?: (at: number) => void;
};

export type InactivityTimer = {
  /** Call on every user event; throttled to once a second. */
  activity(): void;
  stop(): void;
};

/**
 * Deadline-based rather than counting on one long setTimeout: a phone that slept, or a
 * throttled background tab, still logs out on time when it wakes.
 */
export function startInactivityTimer(options: InactivityOptions): InactivityTimer {
  const { idleMs, warnBeforeMs } = options;
  let lastActivity = Date.now();
  let lastCounted = lastActivity;
  let warned = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function check(): void {
    if (stopped) return;
    const shared = options.sharedActivity?.() ?? 0;
    if (shared > lastActivity) lastActivity = shared;
    const idle = Date.now() - lastActivity;
    if (idle >= idleMs) {
      stopped = true;
      options.onTimeout();
      return;
    }
    if (idle >= idleMs - warnBeforeMs) {
      if (!warned) {
        warned = true;
        options.onWarn();
      }
      timer = setTimeout(check, idleMs - idle);
    } else {
      if (warned) {
        warned = false;
        options.onActive();
      }
      timer = setTimeout(check, idleMs - warnBeforeMs - idle);
    }
  }

  options.shareActivity?.(lastActivity);
  timer = setTimeout(check, idleMs - warnBeforeMs);

  return {
    activity() {
      if (stopped) return;
      const now = Date.now();
      if (now - lastCounted < activityThrottleMs) return;
      lastCounted = now;
      lastActivity = now;
      options.shareActivity?.(now);
      clearTimeout(timer);
      check();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
