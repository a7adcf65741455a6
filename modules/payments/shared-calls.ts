/**
 * One call per key at a time: whoever asks while it runs gets its answer too, and so does
 * whoever asks within `answersFor` (or, after a failure, `failuresFor`) milliseconds of its end.
 * Kept in this process: several instances each make their own call, which bounds the calls by
 * the number of instances rather than of requests.
 */
export interface SharedCalls<T> {
  ask(key: string, call: () => Promise<T>): Promise<T>;
  /** Drops the key's kept answer: what it said is no longer so (a refund was just made). */
  forget(key: string): void;
}

/** Beyond this many keys, an answer is not kept past its call: a flood of keys cannot fill the memory. */
const maxKept = 10_000;

export function sharedCalls<T>(keep: { answersFor: number; failuresFor: number }): SharedCalls<T> {
  const calls = new Map<string, Promise<T>>();
  return {
    ask(key, call) {
      const running = calls.get(key);
      if (running) return running;
      const answer = call();
      calls.set(key, answer);
      const keepFor = (ms: number) => {
        const drop = () => {
          if (calls.get(key) === answer) calls.delete(key);
        };
        if (ms > 0 && calls.size <= maxKept) setTimeout(drop, ms).unref();
        else drop();
      };
      answer.then(
        () => keepFor(keep.answersFor),
        () => keepFor(keep.failuresFor),
      );
      return answer;
    },
    forget(key) {
      calls.delete(key);
    },
  };
}
