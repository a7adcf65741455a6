import { $auth, $logoutReason, logout, refreshAuth, rememberedChoice, type AuthState } from '../stores/auth.ts';
import { lastActivityKey, readStorage, signedInHintKey, writeStorage } from './auth-signals.ts';
import { currentPath, loginUrl } from './safe-redirect.ts';
import { sessionTimings, startInactivityTimer, type InactivityTimer } from './session-timing.ts';

/**
 * Everything a signed-in visitor's page does besides its own content: the header's user
 * menu, the inactivity timers with their warning banner, the periodic auth check and the
 * Session Expired dialog. The header loads this module only for visitors
 * who signed in before, so nobody else downloads it.
 */

const root = document.documentElement;
const lang = root.lang === 'am' ? 'am' : 'en';
const localized = (path: string) => (lang === 'am' ? (path === '/' ? '/am' : `/am${path}`) : path);

const activityEvents = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'] as const;

let started = false;
let timer: InactivityTimer | null = null;
let checkInterval: ReturnType<typeof setInterval> | undefined;
let banner: HTMLElement | null = null;
let timersFor: string | null = null;

/** The banner and dialog markup, rendered into every page by BaseLayout with its wording. */
function fromTemplate<T extends HTMLElement>(selector: string): T | null {
  const template = document.querySelector<HTMLTemplateElement>('template[data-session-ui]');
  const element = template?.content.querySelector<T>(selector);
  return element ? (element.cloneNode(true) as T) : null;
}

function showHeader(state: AuthState): void {
  if (!state.isInitialized) return;
  if (state.isLoggedIn && state.user) {
    root.dataset.auth = 'in';
    root.toggleAttribute('data-admin', state.user.admin);
    for (const name of document.querySelectorAll<HTMLElement>('[data-user-name]')) name.textContent = state.user.firstName;
  } else {
    delete root.dataset.auth;
    root.removeAttribute('data-admin');
    for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-disclosure][aria-expanded="true"]')) toggle.click();
  }
}

function showWarning(): void {
  banner ??= fromTemplate<HTMLElement>('[data-session-warning]');
  if (banner && !banner.isConnected) document.body.prepend(banner);
}

function hideWarning(): void {
  banner?.remove();
}

function showExpired(): void {
  hideWarning();
  const dialog = fromTemplate<HTMLDialogElement>('dialog[data-session-expired]');
  if (!dialog) {
    location.assign(loginUrl(localized('/login'), currentPath(location)));
    return;
  }
  document.body.append(dialog);
  const returnTo = currentPath(location);
  // OK leads to the login page, which brings the visitor back here afterwards. Escape
  // only closes the dialog: the page stays, signed out.
  dialog.querySelector('[data-session-ok]')?.addEventListener('click', () => location.assign(loginUrl(localized('/login'), returnTo)));
  dialog.addEventListener('close', () => dialog.remove());
  dialog.showModal();
}

const onActivity = () => timer?.activity();

function startTimers(state: AuthState): void {
  const { idleMs, warnBeforeMs, checkEveryMs } = sessionTimings(state.session?.idleTimeoutMinutes, state.session?.rememberMe ?? rememberedChoice());
  const key = `${idleMs}`;
  if (timer && timersFor === key) return;
  stopTimers();
  timersFor = key;
  timer = startInactivityTimer({
    idleMs,
    warnBeforeMs,
    onWarn: showWarning,
    onActive: hideWarning,
    onTimeout: () => void logout('inactivity'),
    sharedActivity: () => Number(readStorage(lastActivityKey)) || 0,
    shareActivity: (at) => writeStorage(lastActivityKey, String(at)),
  });
  for (const type of activityEvents) addEventListener(type, onActivity, { passive: true, capture: true });
  // A failed check (offline on a bus, say) is only logged: the next one may get through.
  checkInterval = setInterval(() => void refreshAuth(lang).catch(() => undefined), checkEveryMs);
}

function stopTimers(): void {
  timer?.stop();
  timer = null;
  timersFor = null;
  clearInterval(checkInterval);
  for (const type of activityEvents) removeEventListener(type, onActivity, { capture: true });
  hideWarning();
}

export function keepSession(): void {
  if (started) return;
  started = true;

  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-sign-out]')) {
    button.addEventListener('click', async () => {
      button.disabled = true;
      await logout('manual');
      location.assign(localized('/'));
    });
  }

  $auth.subscribe((state) => {
    showHeader(state);
    if (state.isLoggedIn) startTimers(state);
    else stopTimers();
  });
  $logoutReason.listen((reason) => {
    if (reason === 'inactivity' || reason === 'session_expired') showExpired();
  });

  // Signed out in another tab: this one follows at once rather than at its next check.
  addEventListener('storage', (event) => {
    if (event.key === signedInHintKey && event.newValue === null && $auth.get().isLoggedIn) void refreshAuth(lang).catch(() => undefined);
  });

  if (!$auth.get().isInitialized) {
    // Unknown (offline): the optimistic header stays; guarded screens say so themselves.
    refreshAuth(lang).catch(() => undefined);
  }
}
