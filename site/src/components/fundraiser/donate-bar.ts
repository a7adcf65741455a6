/**
 * Shows the slim Donate bar (DonateBar.astro) while the donate box's buttons are out of
 * view, and hides it when they come back, so that there is never a second Donate button on
 * the screen. The bar is hidden by CSS on wide screens, where the side column stays in view.
 */
export function setUpDonateBar(): void {
  const bar = document.querySelector<HTMLElement>('[data-donate-bar]');
  const actions = document.querySelector<HTMLElement>('[data-donate-actions]');
  if (!bar || !actions || !('IntersectionObserver' in window)) return;
  new IntersectionObserver((entries) => {
    const entry = entries[entries.length - 1];
    if (entry) bar.toggleAttribute('data-shown', !entry.isIntersecting);
  }).observe(actions);
}
