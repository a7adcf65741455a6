/** "Copy link": shown only where the script runs; announces the result to screen readers. */
export function setUpCopyLinks(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-copy-link]')) {
    button.hidden = false;
    const status = button.closest('section')?.querySelector<HTMLElement>('[data-copy-status]');
    button.addEventListener('click', async () => {
      const url = button.dataset.copyLink ?? location.href;
      try {
        await navigator.clipboard.writeText(url);
      } catch {
        // Older browsers or a denied permission: let the visitor copy it by hand.
        window.prompt('', url);
        return;
      }
      if (status) status.textContent = button.dataset.copied ?? '';
      const label = button.textContent;
      button.textContent = button.dataset.copied ?? '';
      setTimeout(() => (button.textContent = label), 2500);
    });
  }
}
