export { currencies, minorDigits, wholeToMinor, toMinor, fromMinor, decimalAmount } from './money.ts';
export type { Currency } from './money.ts';
export { moneyMessages } from './money.messages.ts';
