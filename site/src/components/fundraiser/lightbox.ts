/**
 * The gallery's photo viewer (Gallery.astro): its links open their large image in a modal
 * <dialog> instead of on their own, with previous and next as buttons and arrow keys. The
 * dialog keeps focus inside while open and Escape closes it (both native); focus then
 * returns to the photo it was opened from.
 */
export function setUpLightbox(dialog: HTMLDialogElement): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-lightbox-item]')];
  const image = dialog.querySelector<HTMLImageElement>('[data-lightbox-image]');
  const counter = dialog.querySelector<HTMLElement>('[data-lightbox-counter]');
  const status = dialog.querySelector<HTMLElement>('[data-lightbox-status]');
  if (!image || !counter || !status) return;
  let current = 0;
  let opener: HTMLElement | null = null;

  const show = (index: number, announce: boolean) => {
    current = (index + links.length) % links.length;
    const link = links[current];
    if (!link) return;
    image.src = link.href;
    image.alt = link.querySelector('img')?.alt ?? '';
    if (links.length > 1) counter.textContent = `${current + 1} / ${links.length}`;
    // Focus stays on the button pressed, so nothing else would tell a screen reader which photo shows now.
    if (announce) status.textContent = image.alt;
  };

  links.forEach((link, index) => {
    link.addEventListener('click', (event) => {
      // Modified clicks keep their meaning: the image in a new tab or window.
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      opener = link;
      status.textContent = '';
      show(index, false);
      dialog.showModal();
    });
  });

  dialog.querySelector('[data-lightbox-close]')?.addEventListener('click', () => dialog.close());
  dialog.querySelector('[data-lightbox-previous]')?.addEventListener('click', () => show(current - 1, true));
  dialog.querySelector('[data-lightbox-next]')?.addEventListener('click', () => show(current + 1, true));
  dialog.addEventListener('keydown', (event) => {
    if (links.length < 2) return;
    if (event.key === 'ArrowLeft') show(current - 1, true);
    else if (event.key === 'ArrowRight') show(current + 1, true);
    else return;
    event.preventDefault();
  });
  // A click beside the photo (on the dimmed area) closes the viewer, as in most galleries.
  dialog.addEventListener('click', (event) => {
    if (event.target instanceof Element && !event.target.closest('img, button')) dialog.close();
  });
  dialog.addEventListener('close', () => opener?.focus());
  // Until now a click opens the image on its own; browser tests wait for this before clicking.
  dialog.dataset.ready = 'true';
}
