/**
 * What pages agree on about signing in, without loading the auth store: the header's
 * small script reads these to decide whether the session-keeping code is needed at all.
 */

/**
 * A non-sensitive hint ('1') that this browser signed in before. Only when it is present
 * does a page ask /api/auth/status; the cookie session itself stays HttpOnly.
 */
export const signedInHintKey = 'signedIn';

/** The remember-me choice, stored as '1'. */
export const rememberMeKey = 'rememberMe';

/** When the browser last saw the visitor active, shared by tabs so that one busy tab keeps the others signed in. */
export const lastActivityKey = 'lastActivity';

/** Dispatched on window when a page learns that the visitor is signed in. */
export const signedInEvent = 'auth:signed-in';

export function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes, strict settings); the site still works without the hints.
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch (error) {
    console.error(`Could not store ${key}`, error);
  }
}
