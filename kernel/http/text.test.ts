import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { plainText, visibleOrEmpty } from './text.ts';

describe('text fields', () => {
  it('keeps line breaks as \\n, trims, and turns a lone surrogate into the U+FFFD the database would store', () => {
    assert.equal(plainText('  one\r\ntwo\rthree \n'), 'one\ntwo\nthree');
    assert.equal(plainText('lone \uD800 surrogate'), 'lone \uFFFD surrogate');
    assert.equal(plainText('ሰላም 👋🏽'), 'ሰላም 👋🏽');
  });

  it('empties text that would draw nothing, and keeps text with invisible characters among visible ones as typed', () => {
    assert.equal(visibleOrEmpty('\u200B\u200C\u200D\uFEFF'), '');
    assert.equal(visibleOrEmpty(' \u3164\u00AD '), '');
    assert.equal(visibleOrEmpty('ሰ\u200Dላም'), 'ሰ\u200Dላም');
  });
});
