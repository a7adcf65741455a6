/**
 * The donate box's Share button is a link to the page's share links; where the device has a
 * share sheet of its own (phones, mostly), it opens that instead, with the app the visitor
 * already uses to talk to people.
 */
export function setUpShareButtons(): void {
  if (!('share' in navigator)) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-native-share]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      navigator.share({ title: link.dataset.shareTitle, url: link.dataset.nativeShare }).catch((error: unknown) => {
        // Dismissing the sheet is no failure; anything else falls back to the links.
        if (!(error instanceof DOMException && error.name === 'AbortError')) location.hash = new URL(link.href).hash;
      });
    });
  }
}
