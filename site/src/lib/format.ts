/** Fills `{name}` placeholders in a catalogue message inside an island (as t() does on the server). */
export function fill(message: string, params: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A first check only, so that an obvious typo is caught before a round trip; the API decides. */
export function looksLikeEmail(value: string): boolean {
  return emailPattern.test(value.trim());
}

/** The language of user-written text, told apart by its script (Ethiopic or not). */
export function textLang(text: string): 'en' | 'am' {
  return /[\u1200-\u137F]/.test(text) ? 'am' : 'en';
}

type Locale = 'en-US' | 'am-ET';
const localeOf = (lang: 'en' | 'am'): Locale => (lang === 'am' ? 'am-ET' : 'en-US');

/**
 * Intl formatters are costly to build (a page of cards would build dozens) and cheap to
 * reuse, so each locale-and-options pair is built once per process (or browser tab).
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

export function numberFormat(lang: 'en' | 'am', options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `n|${lang}|${JSON.stringify(options)}`;
  let found = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!found) formatters.set(key, (found = new Intl.NumberFormat(localeOf(lang), options)));
  return found;
}

export function dateFormat(lang: 'en' | 'am', options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${lang}|${JSON.stringify(options)}`;
  let found = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat(localeOf(lang), options)));
  return found;
}

/**
 * A decimal amount string ('1250.50') for display: '$' for USD (narrowSymbol, so Amharic
 * shows '$' too rather than 'US$'), ብር/ETB for birr, no cents when whole.
 */
export function formatAmount(lang: 'en' | 'am', amount: string, currency: 'USD' | 'ETB'): string {
  const value = Number(amount);
  const digits = Number.isInteger(value) ? 0 : 2;
  return numberFormat(lang, { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(value);
}
