import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRenderGate } from './render-gate.ts';

/** Long enough never to decide a test that does not wait for it. */
const forever = 60_000;

describe('render admission', () => {
  it('admits up to the limit at once, queues the next in arrival order, and turns away the rest', async () => {
    const gate = createRenderGate({ concurrency: 2, queue: 2, waitMs: forever });
    const first = await gate.enter();
    const second = await gate.enter();
    assert.ok(first && second);
    const order: string[] = [];
    const third = gate.enter().then((release) => (order.push('third'), release));
    const fourth = gate.enter().then((release) => (order.push('fourth'), release));
    assert.equal(await gate.enter(), null, 'the line is full');

    first();
    first();
    const thirdRelease = await third;
    assert.ok(thirdRelease);
    assert.deepEqual(order, ['third'], 'releasing twice frees one slot');
    second();
    const fourthRelease = await fourth;
    assert.ok(fourthRelease);
    assert.deepEqual(order, ['third', 'fourth']);

    thirdRelease();
    fourthRelease();
    const again = [await gate.enter(), await gate.enter()];
    assert.ok(again.every((release) => release !== null), 'every slot came back');
  });

  it('turns a request away when no slot comes free within the wait', async () => {
    const gate = createRenderGate({ concurrency: 1, queue: 5, waitMs: 1 });
    const held = await gate.enter();
    assert.ok(held);
    assert.equal(await gate.enter(), null);
    held();
    assert.ok(await gate.enter(), 'the expired waiter took no slot');
  });

  it('drops a waiter whose visitor left, and gives the slot to the next', async () => {
    const gate = createRenderGate({ concurrency: 1, queue: 5, waitMs: forever });
    const held = await gate.enter();
    assert.ok(held);
    const left = new AbortController();
    const leaving = gate.enter(left.signal);
    const staying = gate.enter();
    left.abort();
    assert.equal(await leaving, null);
    held();
    assert.ok(await staying);
    const gone = new AbortController();
    gone.abort();
    assert.equal(await gate.enter(gone.signal), null, 'one already gone never joins the line');
  });

  it('passes a freed slot on only at the next turn of the event loop, so that other work gets in between two renders', async () => {
    const gate = createRenderGate({ concurrency: 1, queue: 5, waitMs: forever });
    const order: string[] = [];
    const held = await gate.enter();
    assert.ok(held);
    const next = gate.enter().then((release) => {
      order.push('next render');
      return release;
    });
    held();
    // Every promise callback runs before the loop turns (to read a request, send a file, fire
    // a timer): the freed slot must not pass among them.
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    assert.deepEqual(order, []);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ['next render'], 'passed on at the next turn');
    (await next)?.();
  });

  it('starts renders at the next turn of the event loop, never in the callback that asks, as many as slots are free', async () => {
    const gate = createRenderGate({ concurrency: 2, queue: 1, waitMs: forever });
    const admitted: number[] = [];
    const entries = [1, 2, 3].map((n) => gate.enter().then((release) => (admitted.push(n), release)));
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    assert.deepEqual(admitted, [], 'none in the callback that asked');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(admitted, [1, 2], 'both free slots at the next turn; the third waits');
    assert.equal(await gate.enter(), null, 'two in flight and the line full');
    const [first, second] = await Promise.all(entries.slice(0, 2));
    first?.();
    second?.();
    (await entries[2]!)?.();
  });
});

