/**
 * node scripts/build-fonts.ts: cuts Noto Sans Ethiopic (regular, from @fontsource/noto-sans-ethiopic)
 * into the WOFF2 files under site/src/assets/fonts and writes ethiopic.ts beside them, which
 * names each file's unicode-range for the layout's @font-face rules. Which characters go where
 * follows the site's own Amharic text (scripts/fonts/ethiopic-slices.ts says how). The files are
 * committed; run this again after a font update, or when the text starts using a letter the
 * common file lacks (scripts/fonts/ethiopic-slices.test.ts notices).
 */
import { copyFileSync, globSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import subsetFont from 'subset-font';
import { assignSlices, sliceNames, unicodeRanges, type SliceName } from './fonts/ethiopic-slices.ts';

const root = resolve(import.meta.dirname, '..');
export const fontsDir = join(root, 'site/src/assets/fonts');
const packageDir = fileURLToPath(new URL('.', import.meta.resolve('@fontsource/noto-sans-ethiopic/index.css')));
export const sourceFont = join(packageDir, 'files/noto-sans-ethiopic-ethiopic-400-normal.woff2');

/** Where the site's Amharic words live: its strings, its demo data and the API's messages. */
const textSources = ['site/src/i18n/am.json', 'modules/**/*.demo*.ts', 'modules/**/*.messages.ts', 'modules/**/*.reference-data.ts', 'kernel/**/messages.ts'];

export function siteText(): string {
  const files = globSync(textSources, { cwd: root })
    .sort()
    .map((file) => readFileSync(join(root, file), 'utf8'));
  return [...files, intlText('am-ET')].join('\n');
}

/**
 * What pages get in Amharic from Intl rather than from the catalogue: month and weekday names,
 * times of day and relative times ("ኖቬም" in a fundraiser's date needs ቬ, which no string has).
 */
function intlText(locale: string): string {
  const samples: string[] = [];
  const day = (month: number, date: number, hour = 12) => Date.UTC(2026, month, date, hour);
  for (const width of ['long', 'short', 'narrow'] as const) {
    const month = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) samples.push(month.format(day(m, 15)));
    for (let d = 0; d < 7; d++) samples.push(weekday.format(day(0, 4 + d)));
  }
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' });
  for (const hour of [3, 9, 15, 21]) samples.push(full.format(day(0, 4, hour)));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) {
    for (const value of [-2, -1, 0, 1, 2]) samples.push(relative.format(value, unit));
  }
  return samples.join('\n');
}

/** The language switch's label on English pages ("አማርኛ"). */
export function switchLabel(): string {
  const english = JSON.parse(readFileSync(join(root, 'site/src/i18n/en.json'), 'utf8')) as Record<string, unknown>;
  const label = english['nav.languageSwitch'];
  if (typeof label !== 'string') throw new Error('en.json has no nav.languageSwitch string');
  return label;
}

export function fontCodePoints(font: Buffer): number[] {
  const parsed = create(font);
  if (!('characterSet' in parsed)) throw new Error(`${sourceFont} is a collection, not one font`);
  return parsed.characterSet;
}

async function main(): Promise<void> {
  const source = readFileSync(sourceFont);
  const slices = assignSlices({ fontCodePoints: fontCodePoints(source), siteText: siteText(), label: switchLabel() });
  const ranges = unicodeRanges(slices);
  for (const name of sliceNames) {
    const text = String.fromCodePoint(...[...slices].filter(([, slice]) => slice === name).map(([c]) => c));
    // Name ids 13 and 14 carry the licence (OFL), which travels with every copy of the font.
    const woff2 = await subsetFont(source, text, { targetFormat: 'woff2', preserveNameIds: [13, 14] });
    writeFileSync(join(fontsDir, `ethiopic-${name}.woff2`), woff2);
    console.log(`ethiopic-${name}.woff2: ${[...text].length} characters, ${woff2.length} bytes`);
  }
  copyFileSync(join(packageDir, 'LICENSE'), join(fontsDir, 'OFL.txt'));
  writeFileSync(join(fontsDir, 'ethiopic.ts'), moduleText(ranges));
}

function moduleText(ranges: Record<SliceName, string>): string {
  const imports = sliceNames.map((name) => `import ${name} from './ethiopic-${name}.woff2?url&no-inline';`);
  const entries = sliceNames.map((name) => `  { url: ${name}, unicodeRange: '${ranges[name]}' },`);
  return `// Written by scripts/build-fonts.ts: run it again rather than editing this file.
// Without no-inline, the build would inline the smallest file as a data: URL, which the
// Content-Security-Policy's font-src refuses.
${imports.join('\n')}

/** Noto Sans Ethiopic, regular, in files that a page fetches only for the characters it shows. */
export const ethiopicFiles: readonly { url: string; unicodeRange: string }[] = [
${entries.join('\n')}
];
`;
}

if (process.argv[1] === import.meta.filename) await main();
