import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang, MessagesFor } from '../../i18n';
import { ApiError, apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { captchaQuery, captchaSiteKey, getCaptchaToken } from '../../lib/captcha';
import { fill, looksLikeEmail } from '../../lib/format';
import { safeRedirect } from '../../lib/safe-redirect';
import { login, loginWithGoogle, rememberedChoice } from '../../stores/auth';
import { focusFirstError, FormAlert, Notice, PasswordField, secondaryButtonClass, SubmitButton, TextField, useFieldErrors, type FieldErrors } from '../forms';
import { GoogleButton } from './GoogleButton';

export type AuthMessages = MessagesFor<'auth.'>;

type Mode = 'login' | 'register';
type Field = 'firstName' | 'lastName' | 'email' | 'password';

type Props = {
  lang: Lang;
  mode: Mode;
  messages: AuthMessages;
  /** Localized paths: the other mode, the password reset page, the home page. */
  paths: { other: string; forgot: string; home: string };
  /** The link text to the other mode and its lead-in ("New to EthioFundraise?" / "Sign Up"). */
  switchPrompt: string;
  switchLabel: string;
  /** Set at build time when GOOGLE_CLIENT_ID is configured; otherwise no Google button at all. */
  googleClientId?: string;
};

const fieldsOf: Record<Mode, Field[]> = { login: ['email', 'password'], register: ['firstName', 'lastName', 'email', 'password'] };

/** The redirect parameter, passed on when switching between the two modes. */
function redirectParam(): string | null {
  return new URLSearchParams(location.search).get('redirect');
}

export default function AuthForm({ lang, mode, messages: m, paths, switchPrompt, switchLabel, googleClientId }: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  // Server-rendered HTML shows the form at once; sending waits for React, because a
  // native submit could not carry the anti-forgery header.
  const [hydrated, setHydrated] = useState(false);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, hasErrors, onChange } = useFieldErrors<Field>((field, data) => validate(valuesOf(data))[field]);
  const [formError, setFormError] = useState('');
  const [unverifiedEmail, setUnverifiedEmail] = useState('');
  // Sign-in is paused here (too many failures): the way through is a reset link, offered at once.
  const [paused, setPaused] = useState(false);
  const [resend, setResend] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [registeredEmail, setRegisteredEmail] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [otherHref, setOtherHref] = useState(paths.other);

  useEffect(() => {
    setHydrated(true);
    setRememberMe(rememberedChoice());
    const redirect = redirectParam();
    if (redirect) setOtherHref(`${paths.other}?redirect=${encodeURIComponent(redirect)}`);
  }, [paths.other]);

  useEffect(() => {
    if (registeredEmail) noticeRef.current?.focus();
  }, [registeredEmail]);

  const afterSignIn = () => location.assign(safeRedirect(redirectParam(), paths.home));

  function showError(error: unknown, email: string) {
    if (error instanceof Error && error.message === 'Invalid user data received') {
      setFormError(m['errors.invalidUser']);
      return;
    }
    const fields = fieldErrorsOf(error, fieldsOf[mode]);
    const code = error instanceof ApiError ? error.code : '';
    if (code === 'email_not_verified') setUnverifiedEmail(email);
    setPaused(code === 'sign_in_paused');
    setErrors(fields);
    // With fields to correct, the summary above the form says so for as long as one is left.
    setFormError(Object.keys(fields).length ? '' : errorText(error, { network: m['errors.network'], unexpected: m['errors.unexpected'] }));
    focusFirstError(formRef.current, fieldsOf[mode], fields);
  }

  function valuesOf(data: FormData): Record<Field, string> {
    const values = { firstName: '', lastName: '', email: '', password: '' };
    for (const field of fieldsOf[mode]) values[field] = String(data.get(field) ?? '');
    return values;
  }

  function validate(values: Record<Field, string>): FieldErrors<Field> {
    const found: FieldErrors<Field> = {};
    for (const field of fieldsOf[mode]) if (!values[field].trim()) found[field] = m['errors.required'];
    if (!found.email && !looksLikeEmail(values.email)) found.email = m['errors.email'];
    if (mode === 'register' && !found.password && values.password.length < 8) found.password = m['errors.passwordShort'];
    return found;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = valuesOf(new FormData(event.currentTarget));

    setFormError('');
    setUnverifiedEmail('');
    setPaused(false);
    setResend('idle');
    const invalid = validate(values);
    setErrors(invalid);
    if (Object.keys(invalid).length) {
      focusFirstError(formRef.current, fieldsOf[mode], invalid);
      return;
    }

    setBusy(true);
    try {
      if (mode === 'login') {
        await loginThroughPause({ email: values.email.trim(), password: values.password, rememberMe });
        afterSignIn();
        return;
      }
      const token = await getCaptchaToken('register');
      await apiFetch(`/api/auth/register?${captchaQuery(token)}`, {
        method: 'POST',
        body: { firstName: values.firstName.trim(), lastName: values.lastName.trim(), email: values.email.trim(), password: values.password, language: lang },
        lang,
      });
      // The same news whether or not the address already had an account: the server answers both alike, and mails the difference.
      setRegisteredEmail(values.email.trim());
    } catch (error) {
      showError(error, values.email.trim());
    } finally {
      setBusy(false);
    }
  }

  /**
   * A paused sign-in is tried once more with a bot check, where the site has one: passed, the
   * server judges the attempt all the same. Refused, the pause stands, with its reset link.
   */
  async function loginThroughPause(credentials: { email: string; password: string; rememberMe: boolean }) {
    try {
      return await login(credentials, lang);
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'sign_in_paused') || !captchaSiteKey()) throw error;
      const token = await getCaptchaToken('login');
      if (!token) throw error;
      try {
        return await login(credentials, lang, token);
      } catch (retry) {
        throw retry instanceof ApiError && retry.code === 'captcha_failed' ? error : retry;
      }
    }
  }

  async function resendVerification(email: string) {
    setResend('sending');
    try {
      const token = await getCaptchaToken('resend_verification');
      await apiFetch(`/api/auth/regenerate-verification-token?${captchaQuery(token)}`, { method: 'POST', body: { email }, lang });
      setResend('sent');
    } catch (error) {
      setResend('idle');
      setFormError(errorText(error, { network: m['errors.network'], unexpected: m['errors.unexpected'] }));
    }
  }

  async function signInWithGoogle(credential: string) {
    setFormError('');
    try {
      await loginWithGoogle(credential, rememberMe, lang);
      afterSignIn();
    } catch (error) {
      showError(error, '');
    }
  }

  if (registeredEmail) {
    return (
      <Notice title={m['checkEmail.title']} focusRef={noticeRef}>
        <p className="mt-2">{fill(m['checkEmail.text'], { email: registeredEmail })}</p>
        <p className="mt-4 text-muted">{m['checkEmail.noMail']}</p>
        <ResendBlock state={resend} email={registeredEmail} messages={m} onResend={resendVerification} />
        <div role="alert" className="mt-2 font-medium text-danger">
          {formError}
        </div>
      </Notice>
    );
  }

  const labels = { show: m.show, hide: m.hide, showPassword: m.showPassword, hidePassword: m.hidePassword };
  return (
    <div>
      <form ref={formRef} method="post" noValidate onSubmit={submit} onChange={onChange} className="space-y-5 rounded-xl border border-line bg-surface p-5 sm:p-6">
        <FormAlert message={formError || (hasErrors ? m['errors.fixFields'] : '')}>
          {unverifiedEmail && <ResendBlock state={resend} email={unverifiedEmail} messages={m} onResend={resendVerification} />}
          {paused && (
            <a href={paths.forgot} className={`${secondaryButtonClass} mt-3`} data-testid="paused-reset">
              {m.pausedReset}
            </a>
          )}
        </FormAlert>
        {mode === 'register' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id={`${id}-first`} name="firstName" label={m.firstName} autoComplete="given-name" maxLength={100} required error={errors.firstName} />
            <TextField id={`${id}-last`} name="lastName" label={m.lastName} autoComplete="family-name" maxLength={100} required error={errors.lastName} />
          </div>
        )}
        <TextField
          id={`${id}-email`}
          name="email"
          type="email"
          label={m.email}
          autoComplete={mode === 'login' ? 'username' : 'email'}
          inputMode="email"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={254}
          required
          error={errors.email}
        />
        <PasswordField
          id={`${id}-password`}
          name="password"
          label={m.password}
          autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
          maxLength={mode === 'login' ? 1024 : 128}
          required
          hint={mode === 'register' ? m.passwordHint : undefined}
          error={errors.password}
          labels={labels}
        />
        {mode === 'login' && (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="flex items-start gap-3">
              <input
                id={`${id}-remember`}
                name="rememberMe"
                type="checkbox"
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.target.checked)}
                aria-describedby={`${id}-remember-hint`}
                className="mt-1 size-5 shrink-0 accent-brand"
              />
              <div>
                <label htmlFor={`${id}-remember`} className="font-semibold">
                  {m.rememberMe}
                </label>
                <p id={`${id}-remember-hint`} className="text-sm text-muted">
                  {m.rememberMeHint}
                </p>
              </div>
            </div>
          </div>
        )}
        <SubmitButton
          busy={busy}
          disabled={!hydrated}
          label={mode === 'login' ? m['login.submit'] : m['register.submit']}
          busyLabel={mode === 'login' ? m['login.sending'] : m['register.sending']}
          className="w-full"
        />
        {mode === 'login' && (
          <p className="text-center">
            <a href={paths.forgot} className="font-semibold underline underline-offset-4">
              {m.forgotPassword}
            </a>
          </p>
        )}
      </form>
      {googleClientId && (
        <div className="mt-6">
          <p className="flex items-center gap-3 text-sm text-muted before:h-px before:flex-1 before:bg-line after:h-px after:flex-1 after:bg-line">{m.or}</p>
          <GoogleButton clientId={googleClientId} lang={lang} mode={mode} onCredential={signInWithGoogle} />
        </div>
      )}
      <p className="mt-6 text-center">
        {switchPrompt}{' '}
        <a href={otherHref} className="font-semibold underline underline-offset-4">
          {switchLabel}
        </a>
      </p>
    </div>
  );
}

function ResendBlock({ state, email, messages: m, onResend }: { state: 'idle' | 'sending' | 'sent'; email: string; messages: AuthMessages; onResend: (email: string) => void }) {
  if (state === 'sent') return <p className="mt-3 font-normal text-ink">{fill(m.resent, { email })}</p>;
  return (
    <button type="button" onClick={() => onResend(email)} disabled={state === 'sending'} className={`${secondaryButtonClass} mt-3`}>
      {state === 'sending' ? m.sending : m.resend}
    </button>
  );
}
