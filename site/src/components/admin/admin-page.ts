import { messagesFor, type Lang } from '../../i18n';
import { screenSections, type AdminScreen, type ScreenMessages } from './messages';

/** The words of one admin screen, for its island: the shared ones and the screen's own sections. */
export function adminMessages<N extends AdminScreen>(lang: Lang, screen: N): ScreenMessages<N> {
  const wanted = new Set<string>(['common', ...screenSections[screen]]);
  const section = Object.entries(messagesFor(lang, 'admin.')).filter(([key]) => wanted.has(key.slice(0, key.indexOf('.'))));
  return Object.fromEntries(section) as ScreenMessages<N>;
}
