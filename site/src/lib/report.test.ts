import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  addDays,
  barWidths,
  formatDay,
  isDay,
  labelledIndices,
  milestones,
  niceMax,
  periodFromSearch,
  periodParams,
  rangeLength,
  rangeOf,
  rangeProblem,
  reportSearch,
  timelinesToShow,
  todayIn,
  updateIsDue,
} from './report.ts';

describe('report periods', () => {
  it('tells real days from look-alikes', () => {
    assert.equal(isDay('2026-11-27'), true);
    assert.equal(isDay('2026-02-30'), false);
    assert.equal(isDay('27/11/2026'), false);
    assert.equal(isDay(null), false);
  });

  it('counts back from today, both ends included', () => {
    assert.deepEqual(rangeOf({ days: 7 }, '2026-11-27'), { from: '2026-11-21', to: '2026-11-27' });
    assert.deepEqual(rangeOf({ days: 30 }, '2026-03-01'), { from: '2026-01-31', to: '2026-03-01' });
    assert.equal(rangeLength('2026-01-01', '2026-12-31'), 365);
    assert.equal(addDays('2024-02-28', 1), '2024-02-29');
  });

  it('finds today in the viewer’s time zone, not the server’s', () => {
    const lateInUtc = new Date('2026-11-27T22:30:00Z');
    assert.equal(todayIn('Africa/Addis_Ababa', lateInUtc), '2026-11-28');
    assert.equal(todayIn('America/Los_Angeles', lateInUtc), '2026-11-27');
  });

  it('refuses a custom range the API would', () => {
    const today = '2026-11-27';
    assert.equal(rangeProblem('', '2026-11-27', today), 'missing');
    assert.equal(rangeProblem('2026-11-20', '2026-11-10', today), 'order');
    assert.equal(rangeProblem('2026-11-20', '2026-11-28', today), 'future');
    assert.equal(rangeProblem('2025-01-01', '2026-11-01', today), 'tooLong');
    assert.equal(rangeProblem('2025-11-27', '2026-11-27', today), null);
  });

  it('reads and writes the period of an address, the default left out', () => {
    assert.deepEqual(periodFromSearch(new URLSearchParams('days=90')), { days: 90 });
    assert.deepEqual(periodFromSearch(new URLSearchParams('days=12')), { days: 30 });
    assert.deepEqual(periodFromSearch(new URLSearchParams('from=2026-11-01&to=2026-11-10')), { from: '2026-11-01', to: '2026-11-10' });
    assert.deepEqual(periodFromSearch(new URLSearchParams('from=2026-11-10&to=2026-11-01')), { days: 30 });
    assert.equal(periodParams({ days: 30 }).toString(), '');
    assert.equal(periodParams({ days: 7 }).toString(), 'days=7');
    assert.equal(reportSearch({ from: '2026-11-01', to: '2026-11-10' }, 'Africa/Addis_Ababa', { fundraiserId: 4, method: '' }), 'from=2026-11-01&to=2026-11-10&tz=Africa%2FAddis_Ababa&fundraiserId=4');
  });
});

describe('report formatting', () => {
  it('shows an API day as that day wherever the viewer is, in the Ethiopian calendar on Amharic pages', () => {
    assert.equal(formatDay('en', '2026-11-27'), 'Nov 27, 2026');
    assert.equal(formatDay('en', '2026-01-01', 'short'), 'Jan 1');
    assert.match(formatDay('am', '2026-11-27'), /ኅዳር/);
    assert.match(formatDay('am', '2026-11-27'), /18/);
  });

  it('puts milestones at a quarter, half, three quarters and the whole goal', () => {
    const steps = milestones('8000', '2500');
    assert.deepEqual(
      steps.map((s) => [s.percent, s.amount, s.reached, s.toGo]),
      [
        [25, 2000, true, 0],
        [50, 4000, false, 1500],
        [75, 6000, false, 3500],
        [100, 8000, false, 5500],
      ],
    );
  });

  it('asks for an update when none was posted or the last is over 14 days old', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    assert.equal(updateIsDue(null, now), true);
    assert.equal(updateIsDue('2026-11-20T12:00:00Z', now), false);
    assert.equal(updateIsDue('2026-11-10T12:00:00Z', now), true);
  });

  it('labels a chart’s days without crowding them, today always', () => {
    assert.deepEqual(labelledIndices(7, 700), [0, 1, 2, 3, 4, 5, 6]);
    const many = labelledIndices(365, 300, 60);
    assert.equal(many.at(-1), 364);
    assert.ok(many.length <= 5);
    assert.deepEqual(labelledIndices(0, 300), []);
  });

  it('rounds a scale’s top up, and gives an empty one an axis', () => {
    assert.equal(niceMax(0), 1);
    assert.equal(niceMax(1630), 2000);
    assert.equal(niceMax(9), 10);
    assert.deepEqual(barWidths([0, 5, 10]), [0, 50, 100]);
    assert.deepEqual(barWidths([0, 0]), [0, 0]);
  });

  it('draws the currencies that have money, or one empty chart', () => {
    const day = (amount: string, cumulative: string) => ({ date: '2026-11-27', amount, donations: Number(amount) > 0 ? 1 : 0, cumulative });
    const usd = { currency: 'USD' as const, days: [day('0', '0')] };
    const etb = { currency: 'ETB' as const, days: [day('50', '50')] };
    assert.deepEqual(timelinesToShow([usd, etb]), [etb]);
    assert.deepEqual(timelinesToShow([usd]), [usd]);
    assert.deepEqual(timelinesToShow([]), []);
  });
});
