/**
 * Admission control for pages rendered on demand. A render is CPU work on the one event
 * loop that also answers everything else; letting every request start rendering at once
 * only lengthens each turn of the loop, and every answer with it, until visitors give up.
 * So a few renders run at a time, a bounded line waits its turn in arrival
 * order for a short while, and anybody beyond that is told to come back (503).
 *
 * Renders start at the loop's next turn, never inside the callback of the request that asks
 * nor of the render that frees a slot. A render whose data comes back at once (SQLite answers
 * without real I/O) runs start to finish in one go: started there, a turn of the loop read 200
 * waiting requests and made 200 pages before it read anything else, accepted a new connection
 * or fired a waiter's time limit. Started at the next turn, at most `concurrency` run between
 * two looks at everything else.
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
  let startScheduled = false;

  /** Lets the longest waiters in at the loop's next turn, as many as slots are free then. */
  const startNext = () => {
    if (startScheduled) return;
    startScheduled = true;
    setImmediate(() => {
      startScheduled = false;
      while (running < options.concurrency) {
        const next = waiting.shift();
        if (!next) return;
        running += 1;
        next.admit();
      }
    });
  };

  const slot = (): Release => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      startNext();
    };
  };

  return {
    enter(abandoned) {
      // Everyone waits in the line, even for a free slot, so nobody arriving jumps it.
      if (abandoned?.aborted || running + waiting.length >= options.concurrency + options.queue) return Promise.resolve(null);
      // With a slot free for everyone in the line and this one, it starts at the next turn for sure.
      const assured = running + waiting.length < options.concurrency;
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
        const timer = assured ? undefined : setTimeout(leave, options.waitMs);
        abandoned?.addEventListener('abort', leave, { once: true });
        waiting.push(waiter);
        startNext();
      });
    },
  };
}
