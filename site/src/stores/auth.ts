import { atom, map } from 'nanostores';
import type { StatusView, UserView } from '../../../modules/accounts/account.schemas.ts';
import { apiFetch } from '../lib/api.ts';
import { readStorage, rememberMeKey, signedInEvent, signedInHintKey, writeStorage } from '../lib/auth-signals.ts';

/**
 * Who is signed in (`isLoggedIn`, `isInitialized`, `user`), shared by every island and script of
 * a page. The cookie session is the truth; this mirrors what /api/auth/status last said.
 */

/** As the accounts API answers. */
export type AuthUser = UserView;

export type AuthSession = NonNullable<StatusView['session']>;

export type AuthState = {
  isLoggedIn: boolean;
  /** False until the first status check (or sign-in) has answered: guarded screens wait. */
  isInitialized: boolean;
  user: AuthUser | null;
  session: AuthSession | null;
};

export type LogoutReason = 'manual' | 'inactivity' | 'session_expired' | 'auth_check_failed';

const signedOut: AuthState = { isLoggedIn: false, isInitialized: true, user: null, session: null };

export const $auth = map<AuthState>({ isLoggedIn: false, isInitialized: false, user: null, session: null });

/** Why the visitor was last signed out on this page; null while nobody was. */
export const $logoutReason = atom<LogoutReason | null>(null);

/** A sign-in counts only with a user that has both id and email (else: 'Invalid user data received'). */
export function isValidUser(user: unknown): user is AuthUser {
  if (typeof user !== 'object' || user === null) return false;
  const { id, email } = user as Partial<AuthUser>;
  return typeof id === 'number' && id > 0 && typeof email === 'string' && email !== '';
}

export function rememberedChoice(): boolean {
  return readStorage(rememberMeKey) === '1';
}

function signIn(user: AuthUser, session: AuthSession | null): void {
  const hadHint = readStorage(signedInHintKey) === '1';
  writeStorage(signedInHintKey, '1');
  $logoutReason.set(null);
  $auth.set({ isLoggedIn: true, isInitialized: true, user, session });
  // The header loads its session-keeping code only for visitors it knows to be signed in.
  if (!hadHint && typeof window !== 'undefined') window.dispatchEvent(new Event(signedInEvent));
}

function forget(): void {
  writeStorage(signedInHintKey, null);
  $auth.set(signedOut);
}

let pending: Promise<AuthState> | null = null;

/**
 * Asks the server who is signed in. If it says nobody while this page believed someone
 * was, the session ended on the server: a session_expired logout. A failed request is
 * logged and rethrown, leaving the state as it was.
 */
export function refreshAuth(lang?: string): Promise<AuthState> {
  pending ??= (async () => {
    try {
      const status = await apiFetch<StatusView>('/api/auth/status', { lang });
      const believed = $auth.get().isLoggedIn;
      if (status.authenticated && isValidUser(status.user)) {
        signIn(status.user, status.session);
      } else if (status.authenticated) {
        console.error('Auth status answered without a valid user', status.user);
        await logout('auth_check_failed');
      } else if (believed) {
        await logout('session_expired');
      } else {
        forget();
      }
      return $auth.get();
    } catch (error) {
      console.error('Auth status check failed', error);
      throw error;
    } finally {
      pending = null;
    }
  })();
  return pending;
}

/** The state once known: at once if it is, else after one status check shared by all callers. */
export function ensureAuth(lang?: string): Promise<AuthState> {
  const state = $auth.get();
  return state.isInitialized ? Promise.resolve(state) : refreshAuth(lang);
}

function acceptUser(user: unknown, rememberMe: boolean): AuthUser {
  if (!isValidUser(user)) throw new Error('Invalid user data received');
  writeStorage(rememberMeKey, rememberMe ? '1' : null);
  signIn(user, null);
  return user;
}

/**
 * Signs in with e-mail and password; API errors (401, 403 unverified, 429) are thrown as
 * ApiError. `captchaToken`, a passed bot check, has a paused sign-in judged all the same.
 */
export async function login(credentials: { email: string; password: string; rememberMe: boolean }, lang?: string, captchaToken?: string): Promise<AuthUser> {
  const query = captchaToken ? `?captchaToken=${encodeURIComponent(captchaToken)}` : '';
  const user = await apiFetch<unknown>(`/api/auth/login${query}`, { method: 'POST', body: credentials, lang });
  return acceptUser(user, credentials.rememberMe);
}

/** Signs in with a Google ID token from Google Identity Services. */
export async function loginWithGoogle(credential: string, rememberMe: boolean, lang?: string): Promise<AuthUser> {
  const user = await apiFetch<unknown>('/api/auth/google', { method: 'POST', body: { credential, rememberMe }, lang });
  return acceptUser(user, rememberMe);
}

/**
 * Signs out: the state is cleared at once (the UI reacts), then the server session ends.
 * A manual logout also forgets remember-me; the automatic ones (inactivity, session_expired,
 * auth_check_failed) keep it.
 */
export async function logout(reason: LogoutReason): Promise<void> {
  if (reason === 'manual') writeStorage(rememberMeKey, null);
  forget();
  $logoutReason.set(reason);
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    // The session may be gone already (expired); the page is signed out either way.
    console.error('Sign-out request failed', error);
  }
}

/** After a profile update: the user as the server now answers. */
export function setUser(user: AuthUser): void {
  if (!isValidUser(user)) throw new Error('Invalid user data for update');
  $auth.setKey('user', user);
}
