/**
 * Amounts as people type them, read as the API reads them (modules/money/money.ts, whose
 * tests check that the two agree): "1,000", "1 000" and "1 000" (a no-break space) are
 * 1000; "1,00" and "1.000,50" are left for the API to refuse in words.
 */
const groupedPattern = /^[1-9]\d{0,2}(?<separator>[, \u00A0\u2009\u202F])\d{3}(?:\k<separator>\d{3})*(?:\.\d{1,2})?$/;
const plainPattern = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,2})?$/;

/** The amount without its thousands separators, when they are unambiguous; otherwise the trimmed text. */
export function ungroupAmount(text: string): string {
  const trimmed = text.trim();
  const separator = groupedPattern.exec(trimmed)?.groups?.separator;
  return separator ? trimmed.replaceAll(separator, '') : trimmed;
}

/** The amount as a plain decimal ("1500.5"), or null when it is none or not above zero. */
export function readAmount(text: string): string | null {
  const plain = ungroupAmount(text);
  return plainPattern.test(plain) && /[1-9]/.test(plain) ? plain : null;
}
