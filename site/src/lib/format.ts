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
