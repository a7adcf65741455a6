import { z } from 'zod';

/** The currencies a fundraiser may be in: US dollars for the diaspora, birr at home. */
export const currencies = ['USD', 'ETB'] as const;
export type Currency = (typeof currencies)[number];

/** Digits after the decimal point of each currency: cents and santim. */
export const minorDigits: Record<Currency, number> = { USD: 2, ETB: 2 };

/** Minor units in one whole unit of the currency (100 cents, 100 santim), from its digits. */
export const minorPerUnit = (currency: Currency): number => 10 ** minorDigits[currency];

/** Whole units (a limit such as 50,000 dollars) in minor units of the currency. */
export const wholeToMinor = (whole: number, currency: Currency): number => whole * minorPerUnit(currency);

/** A decimal amount as the API speaks it: digits, optionally a point and one or two more. */
const decimalPattern = /^(0|[1-9]\d{0,14})(?:\.(\d{1,2}))?$/;

/**
 * Thousands typed as people write them: "1,000", "1 000", or with the no-break spaces that
 * copied or formatted numbers carry (U+00A0, U+202F, U+2009). One kind of separator, groups
 * of exactly three after a first group of one to three digits, and a point for decimals, so
 * that "1,00" or "1.000,50", where the comma may be a decimal comma, are refused, not misread.
 */
const groupedPattern = /^[1-9]\d{0,2}(?<separator>[, \u00A0\u2009\u202F])\d{3}(?:\k<separator>\d{3})*(?:\.\d{1,2})?$/;

/**
 * The amount without its thousands separators when they are used as above, otherwise the
 * text as it came (trimmed), for the usual checks to judge. The browser mirrors this in
 * site/src/lib/amount.ts, so a form sends what the API would have read.
 */
export function ungroupAmount(text: string): string {
  const trimmed = text.trim();
  const separator = groupedPattern.exec(trimmed)?.groups?.separator;
  return separator ? trimmed.replaceAll(separator, '') : trimmed;
}

/**
 * "1500.5" → 150050 minor units, by string arithmetic only: a float never touches an
 * amount. Null when the text is not such an amount (a sign, an exponent, three decimals).
 */
export function toMinor(amount: string, currency: Currency): number | null {
  const match = decimalPattern.exec(amount);
  if (!match) return null;
  const digits = minorDigits[currency];
  const whole = match[1]!;
  const fraction = (match[2] ?? '').padEnd(digits, '0');
  if (fraction.length > digits) return null;
  const minor = Number(`${whole}${fraction}`);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** 150050 → "1500.50": always every decimal digit of the currency, never a float in between. */
export function fromMinor(minor: number | bigint, currency: Currency): string {
  const digits = minorDigits[currency];
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits ? `.${fraction}` : ''}`;
}

/**
 * An amount field of a request: a decimal string ("1500.00") or a JSON number (1500.5),
 * which is judged by its shortest decimal text so that 0.1 + 0.2 is refused rather than
 * rounded. The output is still the decimal text; the currency decides the minor units.
 * Issues name their message (`params.message`), so each says in both languages what is wrong.
 */
export function decimalAmount(options: { max: number }) {
  return z
    .unknown()
    .meta({ description: 'A decimal amount such as "1500.00" (thousands may be grouped, "1,500.00"; a JSON number is accepted too)', examples: ['1500.00'] })
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({ code: 'custom', params: { message: 'field.required' } });
        return z.NEVER;
      }
      const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? ungroupAmount(value) : '';
      if (!decimalPattern.test(text)) {
        ctx.addIssue({ code: 'custom', params: { message: 'field.amount_format' } });
        return z.NEVER;
      }
      // Whole units are compared as text-derived integers, so the limit needs no float either.
      const [whole = '0', fraction = ''] = text.split('.');
      if (BigInt(whole) === 0n && /^0*$/.test(fraction)) {
        ctx.addIssue({ code: 'custom', params: { message: 'field.amount_positive' } });
        return z.NEVER;
      }
      if (BigInt(whole) > BigInt(options.max) || (BigInt(whole) === BigInt(options.max) && !/^0*$/.test(fraction))) {
        ctx.addIssue({ code: 'custom', params: { message: 'field.too_big', max: options.max.toLocaleString('en-US') } });
        return z.NEVER;
      }
      return text;
    });
}

/**
 * "12500.00" → "12,500.00", for mails: grouped by thousands, every decimal digit of the
 * currency kept. The decimal text goes to Intl as it is, so no float ever rounds it.
 */
export function groupedAmount(amount: string, currency: Currency): string {
  const digits = minorDigits[currency];
  return new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount as Intl.StringNumericLiteral);
}
