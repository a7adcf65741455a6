/** Text fields of requests, normalised the same way everywhere before zod checks their length. */

/** Line breaks become \n; control characters other than line breaks and tabs are dropped. */
export const plainText = (value: string): string =>
  value
    .replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .trim();

/** A single line: any run of whitespace (line breaks included) becomes one space. */
export const oneLine = (value: string): string => plainText(value).replace(/\s+/g, ' ');

export const blankToUndefined = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? undefined : value);
export const blankToNull = (value: unknown): unknown => (typeof value === 'string' && value.trim() === '' ? null : value);
