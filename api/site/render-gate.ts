/**
 * Admission control for pages rendered on demand. A render is CPU work on the one event
 * loop that also answers everything else; letting every request start rendering at once
 * only lengthens each turn of the loop, and every answer with it, until visitors give up.
 * So a few renders run at a time, a bounded line waits its turn in arrival
 * order for a short while, and anybody beyond that is told to come back (503).
 */
export interface RenderGateOptions {
  /** Renders in flight at once. */
  concurrency: number;
  /** Requests that may wait for a slot; beyond that they are turned away at once. */
  queue: number;
  /** How long a request waits for a slot before it is turned away. */
  waitMs: number;
}

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

export interface RenderGate {
  /** A slot, or null when none came free in time (or `abandoned` fired while waiting). */
  enter(abandoned?: AbortSignal): Promise<Release | null>;
}

interface Waiter {
  admit(): void;
}

export function createRenderGate(options: RenderGateOptions): RenderGate {
  let running = 0;
  const waiting: Waiter[] = [];

  const slot = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      // The slot passes straight to the longest waiter, so `running` stays as it is.
      if (next) next.admit();
      else running -= 1;
    };
  };

  return {
    enter(abandoned) {
      if (running < options.concurrency) {
        running += 1;
        return Promise.resolve(slot());
      }
      if (waiting.length >= options.queue || abandoned?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const leave = () => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          clearTimeout(timer);
          abandoned?.removeEventListener('abort', leave);
          resolve(null);
        };
        const waiter: Waiter = {
          admit() {
            clearTimeout(timer);
            abandoned?.removeEventListener('abort', leave);
            resolve(slot());
          },
        };
        const timer = setTimeout(leave, options.waitMs);
        abandoned?.addEventListener('abort', leave, { once: true });
        waiting.push(waiter);
      });
    },
  };
}
