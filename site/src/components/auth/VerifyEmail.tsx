import { useEffect, useId, useRef, useState } from 'react';
import type { VerifiedView } from '../../../../modules/accounts/account.schemas.ts';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { fill } from '../../lib/format';
import { Spinner } from '../Spinner';
import { FormAlert, Notice, SubmitButton, TextField } from '../forms';
import type { AuthMessages } from './AuthForm';
import { useEmailLinkRequest } from './use-email-link-request';

type Props = { lang: Lang; messages: AuthMessages & { successTitle: string; successText: string; missingToken: string; newLinkText: string; send: string }; loginPath: string };

type State = { step: 'checking' } | { step: 'verified'; email: string } | { step: 'failed'; message: string };

/** /verify-email?token=…: checks the mailed link on arrival; if it cannot be used, offers a new one. */
export default function VerifyEmail({ lang, messages: m, loginPath }: Props) {
  const [state, setState] = useState<State>({ step: 'checking' });
  const resultRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const token = new URLSearchParams(location.search).get('token');
    if (!token) {
      setState({ step: 'failed', message: m.missingToken });
      return;
    }
    void (async () => {
      try {
        const captcha = await getCaptchaToken('verify_email');
        const answer = await apiFetch<VerifiedView>(
          `/api/auth/validate-verification-token?token=${encodeURIComponent(token)}&${captchaQuery(captcha)}`,
          { lang },
        );
        setState({ step: 'verified', email: answer.email });
      } catch (error) {
        setState({ step: 'failed', message: errorText(error, { network: m['errors.network'], unexpected: m['errors.unexpected'] }) });
      }
    })();
  }, [lang, m]);

  useEffect(() => {
    if (state.step !== 'checking') resultRef.current?.focus();
  }, [state.step]);

  if (state.step === 'checking') return <Spinner label={m.checkingLink} />;
  if (state.step === 'verified') {
    return (
      <Notice title={m.successTitle} focusRef={resultRef}>
        <p className="mt-2">{fill(m.successText, { email: state.email })}</p>
        <a href={loginPath} className="mt-5 inline-block rounded-lg bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong">
          {m.loginNow}
        </a>
      </Notice>
    );
  }
  return (
    <div className="space-y-8">
      <div ref={resultRef} tabIndex={-1} className="rounded-xl border-2 border-danger bg-surface p-5 focus:outline-none">
        <p className="font-medium">{state.message}</p>
      </div>
      <NewLinkForm lang={lang} messages={m} />
    </div>
  );
}

function NewLinkForm({ lang, messages: m }: { lang: Lang; messages: Props['messages'] }) {
  const id = useId();
  const { formRef, sentRef, busy, error, formError, sentTo, submit, onChange } = useEmailLinkRequest({
    lang,
    messages: m,
    path: '/api/auth/regenerate-verification-token',
    action: 'resend_verification',
  });

  if (sentTo) {
    return (
      <Notice title={m['checkEmail.title']} focusRef={sentRef}>
        <p className="mt-2">{fill(m.resent, { email: sentTo })}</p>
      </Notice>
    );
  }
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.newLinkTitle}
      </h2>
      <p className="mt-2 mb-5 text-muted">{m.newLinkText}</p>
      <form ref={formRef} noValidate onSubmit={submit} onChange={onChange} className="space-y-5">
        <FormAlert message={formError} />
        <TextField id={`${id}-email`} name="email" type="email" label={m.email} autoComplete="email" inputMode="email" maxLength={254} required error={error} />
        <SubmitButton busy={busy} label={m.send} busyLabel={m.sending} />
      </form>
    </section>
  );
}
