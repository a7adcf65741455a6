import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatMoney, formatNumber } from '../i18n/index.ts';
import { dateFormat, formatAmount, numberFormat } from './format.ts';

test('amounts: $ for dollars, birr in each language, cents only when there are some; pages and islands alike', () => {
  const expected = {
    // Intl keeps the currency code and the amount together with a no-break space.
    en: ['$1,500', 'ETB\u00a01,250.50', 'ETB\u00a00'],
    am: ['$1,500', 'ብር\u00a01,250.50', 'ብር\u00a00'],
  };
  for (const lang of ['en', 'am'] as const) {
    const shown = (['1500.00:USD', '1250.50:ETB', '0:ETB'] as const).map((pair) => {
      const [amount, currency] = pair.split(':') as [string, 'USD' | 'ETB'];
      assert.equal(formatMoney(lang, amount, currency), formatAmount(lang, amount, currency));
      return formatAmount(lang, amount, currency);
    });
    assert.deepEqual(shown, expected[lang]);
  }
  assert.equal(formatNumber('en', 12500), '12,500');
});

test('formatters are built once per language and options, and kept apart otherwise', () => {
  assert.equal(numberFormat('en', { style: 'percent' }), numberFormat('en', { style: 'percent' }));
  assert.notEqual(numberFormat('en', { style: 'percent' }), numberFormat('am', { style: 'percent' }));
  assert.notEqual(numberFormat('en'), numberFormat('en', { style: 'percent' }));
  assert.equal(dateFormat('am', { dateStyle: 'long' }), dateFormat('am', { dateStyle: 'long' }));
  assert.equal(dateFormat('en', { dateStyle: 'long' }).format(new Date(Date.UTC(2026, 10, 23, 12))), 'November 23, 2026');
});
