import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { looksLikeEmail } from '../../lib/format';
import { useFieldErrors } from '../forms';
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
  const { errors, setErrors, onChange } = useFieldErrors<'email'>((_field, data) => checkEmail(String(data.get('email') ?? '').trim()));
  const [formError, setFormError] = useState('');
  const [sentTo, setSentTo] = useState('');

  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);

  function checkEmail(email: string): string | undefined {
    if (!email) return m['errors.required'];
    return looksLikeEmail(email) ? undefined : m['errors.email'];
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setFormError('');
    const problem = checkEmail(email);
    setErrors(problem ? { email: problem } : {});
    if (problem) {
      formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const token = await getCaptchaToken(action);
      await apiFetch(`${path}?${captchaQuery(token)}`, { method: 'POST', body: { email }, lang });
      setSentTo(email);
    } catch (failure) {
      const fields = fieldErrorsOf(failure, ['email'] as const);
      if (fields.email) setErrors(fields);
      else setFormError(errorText(failure, { network: m['errors.network'], unexpected: m['errors.unexpected'] }));
    } finally {
      setBusy(false);
    }
  }

  return { formRef, sentRef, busy, error: errors.email ?? '', formError, sentTo, submit, onChange };
}
