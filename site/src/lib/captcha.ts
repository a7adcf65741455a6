/**
 * The bot check's token helper: waits up to about 5 s for reCAPTCHA, then asks it for a token
 * for a named action (logged and null when none comes). With no site key configured at
 * build time the pages carry no reCAPTCHA at all and the helper answers '' at once: the
 * server, which then has no secret either, accepts an empty token.
 */

type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const captchaTiming = { pollEveryMs: 100, maxPolls: 50, settleMs: [100, 200] as const };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The public site key, rendered into the page (a meta tag) only when the bot check is on. */
export function captchaSiteKey(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="recaptcha-site-key"]')?.content || null;
}

/** The provider's script, normally loaded 1.5 s after the page; loaded at once when a form needs it sooner. */
export function loadCaptchaScript(siteKey: string): void {
  if (document.querySelector('script[data-recaptcha]')) return;
  const script = document.createElement('script');
  script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
  script.async = true;
  script.dataset.recaptcha = '';
  document.head.appendChild(script);
}

async function providerReady(): Promise<Grecaptcha | null> {
  for (let poll = 0; poll < captchaTiming.maxPolls; poll++) {
    const provider = globalThis.window?.grecaptcha;
    if (provider && typeof provider.execute === 'function') return provider;
    await sleep(captchaTiming.pollEveryMs);
  }
  return null;
}

/**
 * A token for `action`; '' when the bot check is off; null when the provider did not
 * load or gave no token (logged; the server then answers with a message the form shows).
 */
export async function getCaptchaToken(action = 'submit', siteKey = captchaSiteKey()): Promise<string | null> {
  if (!siteKey) return '';
  loadCaptchaScript(siteKey);
  const provider = await providerReady();
  if (!provider) {
    console.error('reCAPTCHA failed to initialize');
    return null;
  }
  try {
    await sleep(captchaTiming.settleMs[0]);
    await new Promise<void>((resolve) => provider.ready(resolve));
    await sleep(captchaTiming.settleMs[1]);
    const token = await provider.execute(siteKey, { action });
    if (token) return token;
  } catch (error) {
    console.error('Failed to generate reCAPTCHA token', error);
    return null;
  }
  console.error('Failed to generate reCAPTCHA token');
  return null;
}

/** `?captchaToken=…` for the calls that require one (sign-up, e-mail links, donations, payments, receipts, flags). */
export function captchaQuery(token: string | null): string {
  return `captchaToken=${encodeURIComponent(token ?? '')}`;
}
