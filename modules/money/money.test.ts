import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ungroupAmount as ungroupInBrowser } from '../../site/src/lib/amount.ts';
import { decimalAmount, fromMinor, minorDigits, toMinor, wholeToMinor } from './index.ts';
import { ungroupAmount, minorPerUnit } from './money.ts';

describe('money', () => {
  it('turns decimal text into minor units and back without floats', () => {
    assert.equal(toMinor('1500', 'USD'), 150000);
    assert.equal(toMinor('1500.5', 'ETB'), 150050);
    assert.equal(toMinor('0.01', 'USD'), 1);
    // 0.1 + 0.2 in floats is 0.30000000000000004; as text it never becomes a float.
    assert.equal(toMinor('0.3', 'USD'), 30);
    assert.equal(toMinor('1.005', 'USD'), null);
    assert.equal(toMinor('-1', 'USD'), null);
    assert.equal(toMinor('1e3', 'USD'), null);
    assert.equal(toMinor('01', 'USD'), null);
    assert.equal(fromMinor(150050, 'ETB'), '1500.50');
    assert.equal(fromMinor(5, 'USD'), '0.05');
    assert.equal(fromMinor(0, 'USD'), '0.00');
    assert.equal(fromMinor(123456789012345n, 'USD'), '1234567890123.45');
    for (const text of ['0.07', '19.99', '10000000.00', '4503599627370.49']) {
      assert.equal(fromMinor(toMinor(text, 'USD')!, 'USD'), text);
    }
  });

  it('accepts amounts as strings or JSON numbers, and names what is wrong with the others', () => {
    const schema = decimalAmount({ max: 10_000_000 });
    assert.equal(schema.parse('1500.00'), '1500.00');
    assert.equal(schema.parse(1500.5), '1500.5');
    assert.equal(schema.parse(' 25 '), '25');
    assert.equal(schema.parse('10000000'), '10000000');
    assert.equal(schema.parse('1,500'), '1500');
    assert.equal(schema.parse('10\u202F000\u202F000'), '10000000');
    const problem = (value: unknown) => {
      const result = schema.safeParse(value);
      assert.equal(result.success, false, `${JSON.stringify(value)} should be refused`);
      return (result.error!.issues[0] as { params?: Record<string, unknown> }).params;
    };
    assert.deepEqual(problem(undefined), { message: 'field.required' });
    assert.deepEqual(problem('12.345'), { message: 'field.amount_format' });
    assert.deepEqual(problem(0.1 + 0.2), { message: 'field.amount_format' });
    assert.deepEqual(problem('1,00'), { message: 'field.amount_format' });
    assert.deepEqual(problem('1.000,50'), { message: 'field.amount_format' });
    assert.deepEqual(problem(-5), { message: 'field.amount_format' });
    assert.deepEqual(problem(true), { message: 'field.amount_format' });
    assert.deepEqual(problem(Number.POSITIVE_INFINITY), { message: 'field.amount_format' });
    assert.deepEqual(problem('0.00'), { message: 'field.amount_positive' });
    assert.deepEqual(problem('10000000.01'), { message: 'field.too_big', max: '10,000,000' });
    assert.deepEqual(problem(1e21), { message: 'field.amount_format' });
  });
});

describe('grouped amounts', () => {
  // Typed as people write thousands, in either language; a comma that may be a decimal comma is not guessed at.
  const cases: [string, string][] = [
    ['1,000', '1000'],
    ['1 000', '1000'],
    ['1\u00A0000', '1000'],
    ['1\u202F000', '1000'],
    ['1\u2009000', '1000'],
    [' 12,345,678.50 ', '12345678.50'],
    ['999 999.5', '999999.5'],
    ['1500', '1500'],
    ['1,00', '1,00'],
    ['1.000,50', '1.000,50'],
    ['1,000 000', '1,000 000'],
    ['1,0000', '1,0000'],
    ['0,500', '0,500'],
    ['1000,50', '1000,50'],
    [',100', ',100'],
    ['1,000.', '1,000.'],
    ['1,000.505', '1,000.505'],
    ['1 000,50', '1 000,50'],
    ['1\n000', '1\n000'],
  ];

  it('lose their separators only when the grouping is unambiguous', () => {
    for (const [typed, read] of cases) assert.equal(ungroupAmount(typed), read, JSON.stringify(typed));
  });

  it('are read alike by the browser, which sends what the API would read', () => {
    for (const [typed] of cases) assert.equal(ungroupInBrowser(typed), ungroupAmount(typed), JSON.stringify(typed));
  });
});

describe('minor units', () => {
  it('come from the currency: one whole unit is 10^digits minor units', () => {
    assert.equal(minorPerUnit('USD'), 10 ** minorDigits.USD);
    assert.equal(wholeToMinor(50_000, 'ETB'), 50_000 * 10 ** minorDigits.ETB);
  });

  it('are never a literal 100 in the code that handles money', () => {
    // A currency with other than two decimals (or a change of one) must not leave a stray
    // factor of 100 behind: amounts convert through minorPerUnit, toMinor and fromMinor only.
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const folders = ['modules/money', 'modules/donations', 'modules/payments', 'modules/receipts', 'modules/fundraisers', 'scripts'];
    const factor = /[*/]\s*100\b|\b100\s*[*/](?!\/)|Minor\s*=\s*100\b/;
    const offenders: string[] = [];
    for (const folder of folders) {
      for (const name of readdirSync(join(root, folder), { recursive: true }) as string[]) {
        if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
        readFileSync(join(root, folder, name), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (factor.test(line)) offenders.push(`${folder}/${name}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    assert.deepEqual(offenders, []);
  });
});
