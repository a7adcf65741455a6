import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { TokenValidView } from '../../../../modules/accounts/account.schemas.ts';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { fill } from '../../lib/format';
import { Spinner } from '../Spinner';
import { focusFirstError, FormAlert, Notice, PasswordField, SubmitButton, TextField, useFieldErrors, type FieldErrors } from '../forms';
import type { AuthMessages } from './AuthForm';
import { useEmailLinkRequest } from './use-email-link-request';

export type ResetMessages = AuthMessages & {
  requestTitle: string;
  requestLead: string;
  requestSubmit: string;
  requestSentText: string;
  formTitle: string;
  formLead: string;
  newPassword: string;
  confirmPassword: string;
  submit: string;
  sendingReset: string;
  successTitle: string;
  successText: string;
  invalidTitle: string;
};

type Props = { lang: Lang; messages: ResetMessages; loginPath: string };

type State =
  | { step: 'checking' }
  | { step: 'request'; problem?: string }
  | { step: 'choose'; token: string; email: string }
  | { step: 'done' };

/**
 * /reset-password: without a token, asks for the e-mail to send a link to; with the mailed
 * ?token=, checks it and lets the visitor choose a new password.
 */
export default function ResetPassword({ lang, messages: m, loginPath }: Props) {
  const [state, setState] = useState<State>({ step: 'checking' });
  const doneRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    if (!token) {
      setState({ step: 'request' });
      return;
    }
    void (async () => {
      try {
        const captcha = await getCaptchaToken('validate_reset');
        const answer = await apiFetch<TokenValidView>(
          `/api/auth/validate-reset-token?token=${encodeURIComponent(token)}&${captchaQuery(captcha)}`,
          { lang },
        );
        setState({ step: 'choose', token, email: answer.email });
      } catch (error) {
        setState({ step: 'request', problem: errorText(error, { network: m['errors.network'], unexpected: m['errors.unexpected'] }) });
      }
    })();
  }, [lang, m]);

  useEffect(() => {
    if (state.step === 'done') doneRef.current?.focus();
  }, [state.step]);

  switch (state.step) {
    case 'checking':
      return <Spinner label={m.checkingLink} />;
    case 'request':
      return <RequestForm lang={lang} messages={m} problem={state.problem} />;
    case 'choose':
      return <ChooseForm lang={lang} messages={m} token={state.token} email={state.email} onDone={() => setState({ step: 'done' })} />;
    case 'done':
      return (
        <Notice title={m.successTitle} focusRef={doneRef}>
          <p className="mt-2">{m.successText}</p>
          <a href={loginPath} className="mt-5 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong">
            {m.loginNow}
          </a>
        </Notice>
      );
  }
}

function RequestForm({ lang, messages: m, problem }: { lang: Lang; messages: ResetMessages; problem?: string }) {
  const id = useId();
  const problemRef = useRef<HTMLDivElement>(null);
  const { formRef, sentRef, busy, error, formError, sentTo, submit, onChange } = useEmailLinkRequest({
    lang,
    messages: m,
    path: '/api/auth/forgot-password',
    action: 'forgot_password',
  });

  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  if (sentTo) {
    return (
      <Notice title={m['checkEmail.title']} focusRef={sentRef}>
        <p className="mt-2">{fill(m.requestSentText, { email: sentTo })}</p>
        <p className="mt-4 text-muted">{m['checkEmail.noMail']}</p>
      </Notice>
    );
  }
  return (
    <div className="space-y-6">
      {problem && (
        <div ref={problemRef} tabIndex={-1} className="rounded-xl border-2 border-danger bg-surface p-5 focus:outline-none">
          <h2 className="text-lg font-bold">{m.invalidTitle}</h2>
          <p className="mt-1">{problem}</p>
        </div>
      )}
      <section aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {problem ? m.newLinkTitle : m.requestTitle}
        </h2>
        <p className="mt-2 mb-5 text-muted">{m.requestLead}</p>
        <form ref={formRef} noValidate onSubmit={submit} onChange={onChange} className="space-y-5 rounded-xl border border-line bg-surface p-5 sm:p-6">
          <FormAlert message={formError} />
          <TextField id={`${id}-email`} name="email" type="email" label={m.email} autoComplete="email" inputMode="email" maxLength={254} required error={error} />
          <SubmitButton busy={busy} label={m.requestSubmit} busyLabel={m.sending} className="w-full" />
        </form>
      </section>
    </div>
  );
}

type ChooseField = 'newPassword' | 'confirmPassword';

function ChooseForm({ lang, messages: m, token, email, onDone }: { lang: Lang; messages: ResetMessages; token: string; email: string; onDone: () => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState(false);
  const { errors, setErrors, hasErrors, onChange } = useFieldErrors<ChooseField>((field, data) => validate(data)[field]);
  const [formError, setFormError] = useState('');
  const fields: ChooseField[] = ['newPassword', 'confirmPassword'];
  const labels = { show: m.show, hide: m.hide, showPassword: m.showPassword, hidePassword: m.hidePassword };

  function validate(data: FormData): FieldErrors<ChooseField> {
    const newPassword = String(data.get('newPassword') ?? '');
    const confirmPassword = String(data.get('confirmPassword') ?? '');
    const found: FieldErrors<ChooseField> = {};
    if (!newPassword) found.newPassword = m['errors.required'];
    else if (newPassword.length < 8) found.newPassword = m['errors.passwordShort'];
    if (!confirmPassword) found.confirmPassword = m['errors.required'];
    else if (!found.newPassword && confirmPassword !== newPassword) found.confirmPassword = m['errors.passwordMismatch'];
    return found;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const newPassword = String(data.get('newPassword') ?? '');
    const found = validate(data);
    setErrors(found);
    setFormError('');
    if (Object.keys(found).length) {
      focusFirstError(formRef.current, fields, found);
      return;
    }
    setBusy(true);
    try {
      const captcha = await getCaptchaToken('reset_password');
      await apiFetch(`/api/auth/reset-password?token=${encodeURIComponent(token)}&${captchaQuery(captcha)}`, {
        method: 'POST',
        body: { newPassword },
        lang,
      });
      onDone();
    } catch (error) {
      const server = fieldErrorsOf(error, ['newPassword'] as const);
      setErrors(server);
      setFormError(server.newPassword ? '' : errorText(error, { network: m['errors.network'], unexpected: m['errors.unexpected'] }));
      focusFirstError(formRef.current, fields, server);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.formTitle}
      </h2>
      <p className="mt-2 mb-5 text-muted">{fill(m.formLead, { email })}</p>
      <form ref={formRef} noValidate onSubmit={submit} onChange={onChange} className="space-y-5 rounded-xl border border-line bg-surface p-5 sm:p-6">
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <FormAlert message={formError || (hasErrors ? m['errors.fixFields'] : '')} />
        <PasswordField
          id={`${id}-new`}
          name="newPassword"
          label={m.newPassword}
          autoComplete="new-password"
          maxLength={128}
          required
          hint={m.passwordHint}
          error={errors.newPassword}
          labels={labels}
        />
        <PasswordField id={`${id}-confirm`} name="confirmPassword" label={m.confirmPassword} autoComplete="new-password" maxLength={128} required error={errors.confirmPassword} labels={labels} />
        <SubmitButton busy={busy} label={m.submit} busyLabel={m.sendingReset} className="w-full" />
      </form>
    </section>
  );
}
