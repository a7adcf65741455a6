import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readAmount } from './amount.ts';

describe('readAmount', () => {
  it('reads amounts with or without thousands separators', () => {
    assert.equal(readAmount('1,000'), '1000');
    assert.equal(readAmount('1 000'), '1000');
    assert.equal(readAmount('25\u202F000.50'), '25000.50');
    assert.equal(readAmount(' 1500.5 '), '1500.5');
    assert.equal(readAmount('0.50'), '0.50');
  });

  it('leaves the API to refuse what it cannot read without guessing', () => {
    for (const typed of ['', '0', '0.00', '1,00', '1.000,50', '12.345', '-5', 'lots', '1e3', '01']) assert.equal(readAmount(typed), null, typed);
  });
});
