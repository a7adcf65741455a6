import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { createChangeFeed } from '../../kernel/changes/index.ts';
import { rebuildOnChange } from './rebuild-on-change.ts';

const timing = { urgent: ['listing'], routine: ['totals'], settleMs: 2_000, routineMs: 60_000 };

describe('rebuilds on change', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 }));
  afterEach(() => mock.timers.reset());

  function setUp() {
    const feed = createChangeFeed();
    const started: number[] = [];
    let finish = () => {};
    const stop = rebuildOnChange(feed, () => {
      started.push(Date.now());
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    }, timing);
    return { feed, started, finish: async () => {
      finish();
      // Let the rebuild's promise chain settle.
      for (let i = 0; i < 5; i += 1) await Promise.resolve();
    }, stop };
  }

  it('rebuilds within seconds of a suspension, one rebuild for changes that come together', async () => {
    const { feed, started } = setUp();
    feed.bump(['listing', 'totals']);
    mock.timers.tick(1_000);
    feed.bump(['listing']);
    mock.timers.tick(999);
    assert.deepEqual(started, []);
    mock.timers.tick(1);
    assert.deepEqual(started, [1_002_000]);
  });

  it('rebuilds for a burst of donations at most once a minute, and the last one is in a rebuild', async () => {
    const { feed, started, finish } = setUp();
    feed.bump(['totals']);
    mock.timers.tick(2_000);
    assert.equal(started.length, 1, 'the first within seconds');
    await finish();
    for (let second = 0; second < 120; second += 1) {
      feed.bump(['totals']);
      mock.timers.tick(1_000);
      // Each rebuild takes 10 s, donations arriving all along.
      if (second % 10 === 9) await finish();
    }
    mock.timers.tick(60_000);
    await finish();
    const gaps = started.slice(1).map((at, i) => at - started[i]!);
    assert.ok(gaps.every((gap) => gap >= 60_000), `gaps ${gaps.join(', ')}`);
    assert.equal(started.length, 3, 'one a minute for two minutes of donations, after the first');
  });

  it('rebuilds once more after a rebuild during which something changed, and ignores keys it does not watch', async () => {
    const { feed, started, finish, stop } = setUp();
    feed.bump(['listing']);
    mock.timers.tick(2_000);
    feed.bump(['listing']);
    mock.timers.tick(2_000);
    assert.equal(started.length, 1, 'not two at once');
    await finish();
    mock.timers.tick(2_000);
    assert.equal(started.length, 2);
    await finish();
    feed.bump(['fundraiser:7']);
    mock.timers.tick(120_000);
    assert.equal(started.length, 2);
    stop();
    feed.bump(['listing']);
    mock.timers.tick(10_000);
    assert.equal(started.length, 2, 'stopped');
  });
});
