import { languages, type Language } from './language.ts';

/** The values a text's `{name}` placeholders are filled with. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The texts one part of the server may show a person (error messages, per-field hints), by
 * code, in every language. Made with `defineMessages`, so a code one language lacks, or has
 * alone, does not compile.
 */
export type MessageCatalogue<Code extends string = string> = { readonly [L in Language]: Readonly<Record<Code, string>> };

/** English names the codes; every other language must give exactly those. */
type Translations<Code extends string> = { en: Record<Code, string> } & { [L in Exclude<Language, 'en'>]: NoInfer<Record<Code, string>> };

export function defineMessages<Code extends string>(texts: Translations<Code>): MessageCatalogue<Code> {
  return texts;
}

/** The kernel's own texts: what any request can run into, whichever module serves it. */
export const kernelMessages = defineMessages({
  en: {
    validation_failed: 'Some fields need your attention.',
    invalid_json: 'The request body is not valid JSON.',
    unsupported_media_type: 'Send the request body as JSON (Content-Type: application/json).',
    payload_too_large: 'The request is too large.',
    unauthorized: 'Please sign in to continue.',
    forbidden: 'You are not allowed to do that.',
    xsrf_failed: 'Your session could not be confirmed. Reload the page and try again.',
    not_found: 'We could not find what you were looking for.',
    route_not_found: 'There is no such API endpoint.',
    conflict: 'That conflicts with the current state. Reload and try again.',
    too_many_requests: 'Too many attempts. Please wait {minutes} minute(s) and try again.',
    internal_error: 'Something went wrong on our side. Please try again in a moment.',
    site_busy: 'Many people are visiting right now. Please try again in a few seconds.',
    database_busy: 'We could not complete that just now. Please try again in a few seconds.',
    bad_path: 'This address is malformed. Check the link and try again.',
    'field.required': 'This field is required.',
    'field.too_short': 'Use at least {min} characters.',
    'field.too_long': 'Use at most {max} characters.',
    'field.email': 'Enter a valid e-mail address, like name@example.com.',
    'field.number': 'Enter a number.',
    'field.integer': 'Enter a whole number.',
    'field.too_small': 'Must be at least {min}.',
    'field.too_big': 'Must be at most {max}.',
    'field.choice': 'Choose one of: {options}.',
    'field.unknown': 'This field is not expected here.',
    'field.invalid': 'This value is not valid.',
    'field.control_characters': 'This contains hidden control or text-direction characters. Please remove them.',
  },
  am: {
    validation_failed: 'አንዳንድ መስኮች መስተካከል አለባቸው።',
    invalid_json: 'የተላከው መረጃ ትክክለኛ JSON አይደለም።',
    unsupported_media_type: 'መረጃውን በJSON ይላኩ (Content-Type: application/json)።',
    payload_too_large: 'የተላከው መረጃ በጣም ትልቅ ነው።',
    unauthorized: 'ለመቀጠል እባክዎ ይግቡ።',
    forbidden: 'ይህን ለማድረግ ፈቃድ የለዎትም።',
    xsrf_failed: 'ክፍለ ጊዜዎን ማረጋገጥ አልተቻለም። ገጹን እንደገና ጭነው ይሞክሩ።',
    not_found: 'የፈለጉትን ማግኘት አልቻልንም።',
    route_not_found: 'እንደዚህ ያለ የAPI መንገድ የለም።',
    conflict: 'ይህ አሁን ካለው ሁኔታ ጋር ይጋጫል። ገጹን አድሰው እንደገና ይሞክሩ።',
    too_many_requests: 'በጣም ብዙ ሙከራዎች ተደርገዋል። እባክዎ {minutes} ደቂቃ ቆይተው እንደገና ይሞክሩ።',
    internal_error: 'በኛ በኩል ችግር ተፈጥሯል። እባክዎ ትንሽ ቆይተው እንደገና ይሞክሩ።',
    site_busy: 'በአሁኑ ጊዜ ብዙ ሰዎች እየጎበኙ ነው። እባክዎ ከጥቂት ሰከንዶች በኋላ እንደገና ይሞክሩ።',
    database_busy: 'ይህን አሁን ማጠናቀቅ አልቻልንም። እባክዎ ከጥቂት ሰከንዶች በኋላ እንደገና ይሞክሩ።',
    bad_path: 'ይህ አድራሻ የተበላሸ ነው። ሊንኩን አረጋግጠው እንደገና ይሞክሩ።',
    'field.required': 'ይህ መስክ መሞላት አለበት።',
    'field.too_short': 'ቢያንስ {min} ፊደላት ይጠቀሙ።',
    'field.too_long': 'ከ{max} ፊደላት መብለጥ የለበትም።',
    'field.email': 'ትክክለኛ የኢሜይል አድራሻ ያስገቡ፤ ለምሳሌ name@example.com።',
    'field.number': 'ቁጥር ያስገቡ።',
    'field.integer': 'ሙሉ ቁጥር ያስገቡ።',
    'field.too_small': 'ቢያንስ {min} መሆን አለበት።',
    'field.too_big': 'ከ{max} መብለጥ የለበትም።',
    'field.choice': 'ከእነዚህ አንዱን ይምረጡ፦ {options}።',
    'field.unknown': 'ይህ መስክ እዚህ አያስፈልግም።',
    'field.invalid': 'ይህ ዋጋ ትክክል አይደለም።',
    'field.control_characters': 'ይህ መስክ የማይታዩ የቁጥጥር ወይም የጽሑፍ አቅጣጫ መቀየሪያ ምልክቶች አሉት። እባክዎ ያስወግዷቸው።',
  },
});

/** Every text the server can answer with: the kernel's and the modules'. */
export interface Messages {
  /** `code`'s text in `lang`, placeholders filled; the generic failure text for a code no catalogue has. */
  text(lang: Language, code: string, params?: MessageParams): string;
  has(code: string): boolean;
  readonly codes: readonly string[];
}

/**
 * The kernel's texts and the modules' as one lookup, built once by the composition root. A
 * code in two catalogues, or in one language only, throws: the server does not start rather
 * than answer one module's code with another's text.
 */
export function createMessages(moduleCatalogues: readonly MessageCatalogue[]): Messages {
  const texts = new Map<string, Record<Language, string>>();
  const catalogues: readonly MessageCatalogue[] = [kernelMessages, ...moduleCatalogues];
  for (const catalogue of catalogues) {
    const codes = Object.keys(catalogue.en);
    for (const lang of languages) {
      const extra = Object.keys(catalogue[lang]).filter((code) => !Object.hasOwn(catalogue.en, code));
      if (extra.length) throw new Error(`Message codes in ${lang} but not in en: ${extra.join(', ')}`);
    }
    for (const code of codes) {
      if (texts.has(code)) throw new Error(`The message code "${code}" is in two catalogues`);
      const byLanguage = {} as Record<Language, string>;
      for (const lang of languages) {
        const text = catalogue[lang][code];
        if (!text) throw new Error(`The message "${code}" has no ${lang} text`);
        byLanguage[lang] = text;
      }
      texts.set(code, byLanguage);
    }
  }
  return {
    text(lang, code, params = {}) {
      const template = texts.get(code)?.[lang] ?? kernelMessages[lang].internal_error;
      return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
    },
    has: (code) => texts.has(code),
    codes: [...texts.keys()],
  };
}
