import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldsWithRefusedCharacters, plainText, visibleOrEmpty } from './text.ts';

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

  it('refuses the direction marks (U+200E, U+200F, U+061C) as it refuses overrides and isolates: between digits they reorder what is shown', () => {
    for (const mark of ['\u200E', '\u200F', '\u061C', '\u202E', '\u2067']) {
      assert.deepEqual(fieldsWithRefusedCharacters({ title: `Goal 12${mark}34${mark}56`, story: 'fine' }), ['title'], `U+${mark.codePointAt(0)!.toString(16)}`);
    }
    assert.deepEqual(fieldsWithRefusedCharacters({ title: 'ሰላም שלום مرحبا 123', story: 'tab\tand\nbreak' }), [], 'right-to-left script itself is text');
  });
});
