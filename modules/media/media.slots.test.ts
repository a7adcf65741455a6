import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { slots } from './media.slots.ts';

/** A task that runs until its `finish` is called, recording how many ran at once. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, done };
}

describe('slots', () => {
  it('runs at most `size` tasks at a time, the others in arrival order as slots free up', async () => {
    const limit = slots(2);
    const gates = Array.from({ length: 5 }, gate);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      limit.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await g.done;
        running -= 1;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    gates[1]!.finish();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2]);
    for (const g of gates) g.finish();
    assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3, 4]);
    assert.equal(most, 2);
  });

  it('refuses with the busy error once the line is full, and frees the slot of a task that failed', async () => {
    class Busy extends Error {}
    const limit = slots(1, { maxWaiting: 1, busy: () => new Busy() });
    const first = gate();
    const running = limit.run(() => first.done);
    const queued = limit.run(async () => 'queued');
    await assert.rejects(limit.run(async () => 'refused'), Busy);
    first.finish();
    await running;
    assert.equal(await queued, 'queued');
    await assert.rejects(limit.run(async () => Promise.reject(new Error('broken'))), /broken/);
    assert.equal(await limit.run(async () => 'after a failure'), 'after a failure');
  });
});
