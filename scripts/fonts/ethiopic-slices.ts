/**
 * How the Ethiopic font is cut into files a browser fetches only when a page needs them
 * (each @font-face's unicode-range names its characters): the language switch's label, which
 * every English page shows; the letters the site's Amharic is mostly written with; the other
 * forms of Amharic's consonants, for a fundraiser's words the site's own text never uses; and
 * the rest of the Ethiopic blocks (other languages' letters, numerals).
 */

/** The Ethiopic blocks: Ethiopic, Supplement, Extended, Extended-A and Extended-B. */
export const ethiopicBlocks: readonly (readonly [first: number, last: number])[] = [
  [0x1200, 0x137f],
  [0x1380, 0x139f],
  [0x2d80, 0x2ddf],
  [0xab00, 0xab2f],
  [0x1e7e0, 0x1e7ff],
];

/** The syllabary proper: rows of eight code points, a consonant with each of its vowels. */
const syllables = { first: 0x1200, last: 0x135f };
/** Word space, full stop, comma, semicolons, colons, question mark, paragraph separator. */
const punctuation = { first: 0x1360, last: 0x1368 };

/** A consonant is common when its row holds at least this share of the text's syllables. */
const commonRowShare = 0.005;

export type SliceName = 'label' | 'common' | 'rare' | 'rest';
export const sliceNames: readonly SliceName[] = ['label', 'common', 'rare', 'rest'];

export function isEthiopic(codePoint: number): boolean {
  return ethiopicBlocks.some(([first, last]) => codePoint >= first && codePoint <= last);
}

export function ethiopicCodePoints(text: string): Set<number> {
  const found = new Set<number>();
  for (const character of text) {
    const codePoint = character.codePointAt(0)!;
    if (isEthiopic(codePoint)) found.add(codePoint);
  }
  return found;
}

/**
 * Assigns each Ethiopic character of the font to a slice. Common: every character of the site's
 * Amharic text, the whole row of each common consonant (so that a fundraiser's own words seldom
 * need more) and the punctuation. Rare: the other syllables of the consonants the text uses.
 * The label's characters get a file of their own, so that an English page with no other
 * Ethiopic text fetches only a few glyphs.
 */
export function assignSlices(options: { fontCodePoints: Iterable<number>; siteText: string; label: string }): Map<number, SliceName> {
  const font = [...options.fontCodePoints].filter(isEthiopic).sort((a, b) => a - b);
  const label = ethiopicCodePoints(options.label);
  const used = new Set<number>();
  const rows = new Map<number, number>();
  let syllableCount = 0;
  for (const character of options.siteText) {
    const c = character.codePointAt(0)!;
    if (!isEthiopic(c)) continue;
    used.add(c);
    if (!isSyllable(c)) continue;
    rows.set(c >> 3, (rows.get(c >> 3) ?? 0) + 1);
    syllableCount++;
  }
  const slice = (c: number): SliceName => {
    if (label.has(c)) return 'label';
    if (used.has(c) || (c >= punctuation.first && c <= punctuation.last)) return 'common';
    const row = isSyllable(c) ? (rows.get(c >> 3) ?? 0) : 0;
    if (row === 0) return 'rest';
    return row >= commonRowShare * syllableCount ? 'common' : 'rare';
  };
  return new Map(font.map((c): [number, SliceName] => [c, slice(c)]));
}

function isSyllable(codePoint: number): boolean {
  return codePoint >= syllables.first && codePoint <= syllables.last;
}

/**
 * Each slice's unicode-range, as short as it can be: a range runs on over code points the
 * font lacks (no face has a glyph for them), so it breaks only where another slice begins.
 */
export function unicodeRanges(slices: ReadonlyMap<number, SliceName>): Record<SliceName, string> {
  const ranges: Record<SliceName, string[]> = { label: [], common: [], rare: [], rest: [] };
  const sorted = [...slices].sort(([a], [b]) => a - b);
  let start = 0;
  for (let i = 1; i <= sorted.length; i++) {
    const [first, slice] = sorted[start]!;
    if (i < sorted.length && sorted[i]![1] === slice && sameBlock(first, sorted[i]![0])) continue;
    const last = sorted[i - 1]![0];
    ranges[slice].push(first === last ? hex(first) : `${hex(first)}-${hex(last).slice(2)}`);
    start = i;
  }
  return { label: ranges.label.join(', '), common: ranges.common.join(', '), rare: ranges.rare.join(', '), rest: ranges.rest.join(', ') };
}

/** A range never spans the gap between two blocks, where other scripts live. */
function sameBlock(a: number, b: number): boolean {
  return ethiopicBlocks.some(([first, last]) => a >= first && a <= last && b >= first && b <= last);
}

function hex(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Parses a unicode-range back into the code points it covers (for checking generated CSS). */
export function parseUnicodeRange(range: string): (codePoint: number) => boolean {
  const spans = range.split(',').map((part) => {
    const [first = '', last = first] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(first, 16), parseInt(last, 16)] as const;
  });
  return (codePoint) => spans.some(([first, last]) => codePoint >= first && codePoint <= last);
}
