/**
 * Loads the owner's controls only for a visitor who signed in before (the hint BaseLayout's
 * head script sets) or who signs in on this page; everybody else downloads nothing more.
 */
import { signedInEvent } from '../../lib/auth-signals';

const mount = () => {
  const host = document.getElementById('owner-panel');
  if (host) void import('./owner-panel').then((module) => module.mountOwnerPanel(host));
};
if (document.documentElement.dataset.auth === 'in') mount();
else addEventListener(signedInEvent, mount, { once: true });
