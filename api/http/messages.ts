import type { Language } from './language.ts';

type Catalogue = Record<string, string>;

/** Server-side texts a person may read: error messages and per-field hints, in both languages. */
const catalogues: Record<Language, Catalogue> = {
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
    category_not_found: 'That category does not exist.',
    conflict: 'That conflicts with the current state. Reload and try again.',
    too_many_requests: 'Too many attempts. Please wait {minutes} minute(s) and try again.',
    internal_error: 'Something went wrong on our side. Please try again in a moment.',
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
    category_not_found: 'ይህ ምድብ የለም።',
    conflict: 'ይህ አሁን ካለው ሁኔታ ጋር ይጋጫል። ገጹን አድሰው እንደገና ይሞክሩ።',
    too_many_requests: 'በጣም ብዙ ሙከራዎች ተደርገዋል። እባክዎ {minutes} ደቂቃ ቆይተው እንደገና ይሞክሩ።',
    internal_error: 'በኛ በኩል ችግር ተፈጥሯል። እባክዎ ትንሽ ቆይተው እንደገና ይሞክሩ።',
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
  },
};

export function message(lang: Language, code: string, params: Record<string, string | number> = {}): string {
  const template = catalogues[lang][code] ?? catalogues.en[code] ?? catalogues[lang].internal_error!;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export function catalogueKeys(lang: Language): string[] {
  return Object.keys(catalogues[lang]);
}
