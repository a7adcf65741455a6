export { currencies, minorDigits, wholeToMinor, toMinor, fromMinor, decimalAmount, groupedAmount } from './money.ts';
export type { Currency } from './money.ts';
export { moneyMessages } from './money.messages.ts';
