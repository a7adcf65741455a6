export { currencies, minorDigits, toMinor, fromMinor, decimalAmount } from './money.ts';
export type { Currency } from './money.ts';
