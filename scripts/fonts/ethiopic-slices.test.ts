import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fontCodePoints, fontsDir, siteText, sourceFont, switchLabel } from '../build-fonts.ts';
import { assignSlices, ethiopicCodePoints, isEthiopic, parseUnicodeRange, sliceNames, unicodeRanges } from './ethiopic-slices.ts';

describe('Ethiopic font slices', () => {
  it('puts the label apart, common rows and every character of the text in common, the other forms of its consonants in rare', () => {
    // ሀ row (U+1200–1207), common; ለ row (U+1208–120F), used once; ሐ row (U+1210–1217), never.
    const font = [0x1200, 0x1201, 0x1202, 0x1208, 0x1209, 0x120a, 0x1210, 0x1362, 0x1369, 0x2d80];
    const slices = assignSlices({ fontCodePoints: [...font, 0x41], siteText: `Hi ${'ሁ'.repeat(300)} ሉ`, label: 'ሀ' });
    assert.deepEqual(Object.fromEntries(slices), {
      [0x1200]: 'label',
      [0x1201]: 'common',
      [0x1202]: 'common',
      [0x1208]: 'rare',
      [0x1209]: 'common',
      [0x120a]: 'rare',
      [0x1210]: 'rest',
      [0x1362]: 'common',
      [0x1369]: 'rest',
      [0x2d80]: 'rest',
    });
    assert.deepEqual(unicodeRanges(slices), {
      label: 'U+1200',
      common: 'U+1201-1202, U+1209, U+1362',
      rare: 'U+1208, U+120A',
      rest: 'U+1210, U+1369, U+2D80',
    });
  });

  it('runs a range over code points the font lacks, but not across blocks', () => {
    const slices = new Map([
      [0x1248, 'rest'],
      [0x124a, 'rest'],
      [0x139f, 'rest'],
      [0x2d80, 'rest'],
    ] as const);
    assert.equal(unicodeRanges(slices).rest, 'U+1248-124A, U+139F, U+2D80');
    const covers = parseUnicodeRange('U+1248-124A, U+139F');
    assert.deepEqual([0x1247, 0x1249, 0x139f, 0x13a0].map(covers), [false, true, true, false]);
  });

  it('the committed files are cut for the current text: Amharic pages need only two, at most half the font', () => {
    const generated = readFileSync(join(fontsDir, 'ethiopic.ts'), 'utf8');
    const ranges = [...generated.matchAll(/unicodeRange: '([^']+)'/g)].map((match) => parseUnicodeRange(match[1]!));
    assert.equal(ranges.length, sliceNames.length);
    const [label, common] = ranges as [(c: number) => boolean, (c: number) => boolean];

    for (const c of ethiopicCodePoints(switchLabel())) assert.ok(label(c), `the label's U+${c.toString(16)} is in the label file`);
    const missing = [...ethiopicCodePoints(siteText())].filter((c) => !label(c) && !common(c)).map((c) => String.fromCodePoint(c));
    assert.deepEqual(missing, [], 'characters of the site text outside the common file: run node scripts/build-fonts.ts');
    for (const c of fontCodePoints(readFileSync(sourceFont)).filter(isEthiopic)) {
      assert.equal(ranges.filter((covers) => covers(c)).length, 1, `U+${c.toString(16)} is in exactly one file`);
    }

    const size = (name: string) => statSync(join(fontsDir, `ethiopic-${name}.woff2`)).size;
    assert.ok(size('label') + size('common') <= statSync(sourceFont).size / 2, 'an Amharic page fetches at most half the whole font');
  });
});
