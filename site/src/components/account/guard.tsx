import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Lang } from '../../i18n';
import { currentPath, loginUrl } from '../../lib/safe-redirect';
import { $auth, $logoutReason, ensureAuth, type AuthUser } from '../../stores/auth';
import { Spinner } from '../Spinner';
import { secondaryButtonClass } from '../forms';

export type GuardMessages = { loading: string; checkFailed: string; retry: string; signedOut: string };

type GuardProps = {
  lang: Lang;
  /** Admin screens: anyone but an admin goes to the home page, replacing history. */
  admin?: boolean;
  loginPath: string;
  homePath: string;
  messages: GuardMessages;
  children: (user: AuthUser) => ReactNode;
};

/**
 * The guard of signed-in screens: a centred spinner until the auth state
 * is known; then the screen for a signed-in visitor, or /login?redirect=<this page>.
 */
export function Guard({ lang, admin = false, loginPath, homePath, messages, children }: GuardProps) {
  const auth = useStore($auth);
  const reason = useStore($logoutReason);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    ensureAuth(lang).catch(() => setFailed(true));
  }, [lang, attempt]);

  const allowed = auth.isLoggedIn && auth.user !== null && (!admin || auth.user.admin);
  // Signed out while on this page (the Session Expired dialog, or Sign Out on its way
  // home): the screen stays put rather than racing them to another page.
  const signedOutHere = !auth.isLoggedIn && reason !== null;
  const leave = auth.isInitialized && !allowed && !signedOutHere;

  useEffect(() => {
    if (!leave) return;
    if (admin) location.replace(homePath);
    else location.replace(loginUrl(loginPath, currentPath(location)));
  }, [leave, admin, homePath, loginPath]);

  if (!auth.isInitialized) {
    if (failed) {
      return (
        <div role="alert" className="rounded-xl border-2 border-danger bg-surface p-5">
          <p className="font-medium">{messages.checkFailed}</p>
          <button type="button" onClick={() => setAttempt(attempt + 1)} className={`${secondaryButtonClass} mt-4`}>
            {messages.retry}
          </button>
        </div>
      );
    }
    return <Spinner label={messages.loading} />;
  }
  if (allowed && auth.user) return <>{children(auth.user)}</>;
  if (signedOutHere) return <p className="text-muted">{messages.signedOut}</p>;
  return <Spinner label={messages.loading} />;
}
