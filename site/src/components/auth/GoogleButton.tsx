import { useEffect, useRef } from 'react';

/** Just the part of Google Identity Services the button uses. */
type GoogleIdentity = {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential?: string }) => void; ux_mode?: 'popup' }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

const scriptUrl = 'https://accounts.google.com/gsi/client';

function loadScript(): Promise<GoogleIdentity> {
  return new Promise((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google);
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google Identity Services did not load')));
    script.onerror = () => reject(new Error('Google Identity Services did not load'));
    document.head.appendChild(script);
  });
}

type Props = { clientId: string; lang: string; mode: 'login' | 'register'; onCredential: (credential: string) => void };

/**
 * Google's own "Sign in with Google" button (it must be Google's, drawn in its frame).
 * Rendered only when GOOGLE_CLIENT_ID was configured at build time; its script loads only
 * on the login and sign-up pages, and only then.
 */
export function GoogleButton({ clientId, lang, mode, onCredential }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;

  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: (response) => response.credential && callback.current(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: document.documentElement.classList.contains('dark') ? 'filled_black' : 'outline',
          size: 'large',
          shape: 'rectangular',
          text: mode === 'login' ? 'signin_with' : 'signup_with',
          locale: lang,
          width: Math.min(400, container.current.clientWidth || 320),
        });
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
    };
  }, [clientId, lang, mode]);

  return <div ref={container} className="mt-4 flex min-h-11 justify-center" />;
}
