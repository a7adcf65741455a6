import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { looksLikeEmail } from '../../lib/format';
import type { AuthMessages } from './AuthForm';

/**
 * The "e-mail me a link" form (a new verification link, a password-reset link): checks the
 * address, asks the bot check for a token, posts it, and moves focus to the confirmation.
 */
export function useEmailLinkRequest(options: { lang: Lang; messages: AuthMessages; path: string; action: string }) {
  const { lang, messages: m, path, action } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [formError, setFormError] = useState('');
  const [sentTo, setSentTo] = useState('');

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFormError('');
    if (!email || !looksLikeEmail(email)) {
      setError(email ? m['errors.email'] : m['errors.required']);
      formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    setError('');
    setBusy(true);
    try {
      const token = await getCaptchaToken(action);
      await apiFetch(`${path}?${captchaQuery(token)}`, { method: 'POST', body: { email }, lang });
      setSentTo(email);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, ['email'] as const);
      if (fields.email) setError(fields.email);
      else setFormError(errorText(failure, { network: m['errors.network'], unexpected: m['errors.unexpected'] }));
    } finally {
      setBusy(false);
    }
  }

  return { formRef, sentRef, busy, error, formError, sentTo, submit };
}
