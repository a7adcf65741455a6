import { atom } from 'nanostores';

export type Theme = 'light' | 'dark';

const storageKey = 'theme';

// The blocking script in <head> has already put the stored choice (default dark) on
// <html> before first paint, so the class is the source of truth at start-up.
export const $theme = atom<Theme>(
  typeof document !== 'undefined' && !document.documentElement.classList.contains('dark') ? 'light' : 'dark',
);

export function toggleTheme(): void {
  const next: Theme = $theme.get() === 'dark' ? 'light' : 'dark';
  document.documentElement.classList.toggle('dark', next === 'dark');
  try {
    localStorage.setItem(storageKey, next);
  } catch (error) {
    // Private modes can refuse storage; the toggle still works for this page view.
    console.error('Could not store the theme', error);
  }
  $theme.set(next);
}
