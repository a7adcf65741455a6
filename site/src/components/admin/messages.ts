/** The admin area's wording: the catalogues' `admin.` section, handed to each screen a few sections at a time. */
import type { MessagesFor } from '../../i18n';

type AdminCatalogue = MessagesFor<'admin.'>;
type SectionOf<K> = K extends `${infer S}.${string}` ? S : never;
export type AdminSection = SectionOf<keyof AdminCatalogue>;

/** The `common.` words every screen uses, and those of the sections `S`. */
export type AdminMessages<S extends AdminSection = never> = Pick<AdminCatalogue, Extract<keyof AdminCatalogue, `common.${string}` | `${S}.${string}`>>;

/** Each screen's sections: a page carries its own screen's words, not the whole admin area's. */
export const screenSections = {
  dashboard: ['dashboard', 'audit'],
  flags: ['flags', 'fundraiserStatus'],
  fundraisers: ['fundraisers', 'fundraiserStatus'],
  donations: ['donations', 'fundraiserStatus'],
  users: ['users'],
  mail: ['mail'],
  site: ['site'],
  audit: ['audit'],
} as const satisfies Record<string, readonly AdminSection[]>;

export type AdminScreen = keyof typeof screenSections;
export type ScreenMessages<N extends AdminScreen> = AdminMessages<(typeof screenSections)[N][number]>;

export type AdminPaths = {
  login: string;
  home: string;
  /** `/admin` in the page's language: a screen is this, a slash and its name. */
  admin: string;
  /** `/fundraiser/` in the page's language: a fundraiser's page is this and its id. */
  fundraiser: string;
};
