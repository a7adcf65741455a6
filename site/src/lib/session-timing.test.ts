import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { minuteMs, sessionTimings, startInactivityTimer, type InactivityOptions } from './session-timing.ts';

describe('session timings', () => {
  it('give the spec’s figures for 30 minutes: warning 5 minutes before, auth check every 5 minutes', () => {
    assert.deepEqual(sessionTimings(30, false), { idleMs: 30 * minuteMs, warnBeforeMs: 5 * minuteMs, checkEveryMs: 5 * minuteMs });
  });

  it('give the spec’s figures for remember-me: 60 minutes, warning 5 minutes before, auth check every 10 minutes', () => {
    assert.deepEqual(sessionTimings(60, true), { idleMs: 60 * minuteMs, warnBeforeMs: 5 * minuteMs, checkEveryMs: 10 * minuteMs });
  });

  it('fall back on the remember-me flag when the server did not say', () => {
    assert.equal(sessionTimings(null, false).idleMs, 30 * minuteMs);
    assert.equal(sessionTimings(undefined, true).idleMs, 60 * minuteMs);
    assert.equal(sessionTimings(0, true).idleMs, 60 * minuteMs);
  });

  it('shrink with a short configured timeout', () => {
    assert.deepEqual(sessionTimings(0.5, false), { idleMs: 30_000, warnBeforeMs: 5_000, checkEveryMs: 5_000 });
  });
});

describe('inactivity timer', () => {
  let events: string[];
  let options: InactivityOptions;

  beforeEach(() => {
    mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 1_000_000 });
    events = [];
    options = {
      idleMs: 30 * minuteMs,
      warnBeforeMs: 5 * minuteMs,
      onWarn: () => events.push('warn'),
      onActive: () => events.push('active'),
      onTimeout: () => events.push('timeout'),
    };
  });
  afterEach(() => mock.timers.reset());

  it('warns 5 minutes before the timeout, then times out', () => {
    startInactivityTimer(options);
    mock.timers.tick(25 * minuteMs - 1);
    assert.deepEqual(events, []);
    mock.timers.tick(1);
    assert.deepEqual(events, ['warn']);
    mock.timers.tick(5 * minuteMs - 1);
    assert.deepEqual(events, ['warn']);
    mock.timers.tick(1);
    assert.deepEqual(events, ['warn', 'timeout']);
    mock.timers.tick(60 * minuteMs);
    assert.deepEqual(events, ['warn', 'timeout'], 'only once');
  });

  it('starts again on activity, and hides the warning', () => {
    const timer = startInactivityTimer(options);
    mock.timers.tick(20 * minuteMs);
    timer.activity();
    mock.timers.tick(24 * minuteMs);
    assert.deepEqual(events, []);
    mock.timers.tick(1 * minuteMs);
    assert.deepEqual(events, ['warn']);
    timer.activity();
    assert.deepEqual(events, ['warn', 'active']);
    mock.timers.tick(29 * minuteMs);
    assert.deepEqual(events, ['warn', 'active', 'warn']);
  });

  it('counts activity at most once a second', () => {
    const shared: number[] = [];
    const timer = startInactivityTimer({ ...options, shareActivity: (at) => shared.push(at) });
    mock.timers.tick(1000);
    timer.activity();
    mock.timers.tick(500);
    timer.activity();
    timer.activity();
    mock.timers.tick(500);
    timer.activity();
    assert.deepEqual(shared, [1_000_000, 1_001_000, 1_002_000]);
  });

  it('stays signed in while another tab is in use', () => {
    let elsewhere = 0;
    startInactivityTimer({ ...options, sharedActivity: () => elsewhere });
    mock.timers.tick(20 * minuteMs);
    elsewhere = Date.now();
    mock.timers.tick(10 * minuteMs);
    assert.deepEqual(events, [], 'no warning: the other tab was active 10 minutes ago');
    mock.timers.tick(15 * minuteMs);
    assert.deepEqual(events, ['warn']);
    mock.timers.tick(5 * minuteMs);
    assert.deepEqual(events, ['warn', 'timeout']);
  });

  it('times out at once after the device slept past the deadline', () => {
    startInactivityTimer(options);
    // A sleeping device runs no timers; the clock jumps and the first timer fires late.
    mock.timers.setTime(1_000_000 + 45 * minuteMs);
    mock.timers.tick(0);
    mock.timers.runAll();
    assert.deepEqual(events, ['timeout']);
  });

  it('does nothing once stopped', () => {
    const timer = startInactivityTimer(options);
    timer.stop();
    mock.timers.tick(60 * minuteMs);
    timer.activity();
    assert.deepEqual(events, []);
  });
});
