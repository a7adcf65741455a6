/** What the pages after the checkout share: their language and a place to say what went wrong. */
import { errorText } from '../../../../lib/api-errors';

export const pageLang = (): 'en' | 'am' => (document.documentElement.lang === 'am' ? 'am' : 'en');

/** Puts a failed call's words (the server's own when it gave some) into a live region. */
export function showProblem(region: HTMLElement, error: unknown, root: HTMLElement): void {
  console.error(error);
  const text = document.createElement('p');
  text.className = 'rounded-lg border-2 border-danger bg-surface p-4 font-medium text-danger';
  text.textContent = errorText(error, { network: root.dataset.network ?? '', unexpected: root.dataset.unexpected ?? '' });
  region.replaceChildren(text);
}
