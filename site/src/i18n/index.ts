import am from './am.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import type { FundraiserView } from '../../../modules/fundraisers/fundraiser.schemas.ts';
import { formatAmount, numberFormat } from '../lib/format.ts';

export const languages = ['en', 'am'] as const;
export type Lang = (typeof languages)[number];
export type MessageKey = keyof typeof en;
export type Params = Record<string, string | number>;

export const defaultLang: Lang = 'en';

// Typing Amharic against the English keys makes a missing key a compile error as well
// as a test failure.
const catalogues: Record<Lang, Record<MessageKey, string>> = { en, am };

/** Open Graph wants territory-qualified locales, which the short language codes are not. */
export const ogLocales: Record<Lang, string> = { en: 'en_US', am: 'am_ET' };

/** Locale for Intl formatting; 'am-ET' gives Ethiopian conventions (ብር for ETB). */
export const intlLocales: Record<Lang, string> = { en: 'en-US', am: 'am-ET' };

/** Looks a message up and fills its `{name}` placeholders; an unknown placeholder stays visible. */
export function t(lang: Lang, key: MessageKey, params?: Params): string {
  const message = catalogues[lang][key];
  if (!params) return message;
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in params ? String(params[name]) : placeholder,
  );
}

type KeysStartingWith<P extends string> = Extract<MessageKey, `${P}${string}`>;

/** A catalogue section with the prefix taken off its keys: what a page hands an island. */
export type MessagesFor<P extends string> = {
  [K in KeysStartingWith<P> as K extends `${P}${infer Rest}` ? Rest : never]: string;
};

/**
 * The messages of one section ('auth.'), for an island's props: islands get their
 * wording from the page rather than importing the catalogues into the browser.
 */
export function messagesFor<P extends string>(lang: Lang, prefix: P): MessagesFor<P> {
  const section: Record<string, string> = {};
  for (const [key, message] of Object.entries(catalogues[lang])) {
    if (key.startsWith(prefix)) section[key.slice(prefix.length)] = message;
  }
  return section as MessagesFor<P>;
}

/** Maps the `locale` route parameter of `[...locale]` pages to a language. */
export function langFromParam(locale: string | undefined): Lang {
  return locale === 'am' ? 'am' : 'en';
}

/** Static paths for a page under `[...locale]`: English at the root, Amharic under /am. */
export function localeStaticPaths() {
  return languages.map((lang) => ({ params: { locale: lang === defaultLang ? undefined : lang } }));
}

/**
 * The URL of a page in a language. `path` is the page's English path ('/', '/about',
 * '/category/medical'); Amharic pages live under '/am'.
 */
export function localizedPath(lang: Lang, path: string): string {
  if (lang === defaultLang) return path;
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

export function otherLanguage(lang: Lang): Lang {
  return lang === 'en' ? 'am' : 'en';
}

/** The same page in the other language, for the header's language switch. */
export function otherLanguagePath(lang: Lang, path: string): string {
  return localizedPath(otherLanguage(lang), path);
}

/** Formats a decimal amount string ('1250.50') for display; whole amounts drop the cents. */
export function formatMoney(lang: Lang, amount: string, currency: FundraiserView['currency']): string {
  return formatAmount(lang, amount, currency);
}

export function formatNumber(lang: Lang, value: number): string {
  return numberFormat(lang).format(value);
}

// Defined beside the islands' helpers, which must not pull the catalogues into the browser.
export { textLang, dateFormat, numberFormat } from '../lib/format.ts';
