/** A fixed number of tasks at a time; the rest wait their turn in arrival order. */
export interface Slots {
  /**
   * Runs `task` once a slot is free. While all are taken it waits in line; when the line is
   * full too, it throws what `busy` makes instead of waiting.
   */
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function slots(size: number, options: { maxWaiting?: number; busy?: () => Error } = {}): Slots {
  const maxWaiting = options.maxWaiting ?? Number.POSITIVE_INFINITY;
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so a newcomer can never jump the queue.
    if (next) next();
    else running -= 1;
  };

  return {
    async run(task) {
      if (running < size) {
        running += 1;
      } else {
        if (waiting.length >= maxWaiting) throw options.busy?.() ?? new Error('no free slot');
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
