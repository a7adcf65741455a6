import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang } from '../i18n';
import { ApiError, apiFetch } from '../lib/api';
import { looksLikeEmail } from '../lib/format';
import { useFieldErrors, type FieldCheck } from './forms';
import { SpinnerIcon } from './Spinner';

/** Field limits, mirrored as hints; the API's own validation is what counts. */
export const contactLimits = { name: 100, email: 254, message: 5000 } as const;

type Field = keyof typeof contactLimits;
const fieldOrder: Field[] = ['name', 'email', 'message'];

/** Catalogue strings, passed in by the page so that the catalogues stay out of the bundle. */
export type ContactFormMessages = {
  name: string;
  email: string;
  message: string;
  messageHint: string;
  submit: string;
  sending: string;
  successTitle: string;
  successText: string;
  networkError: string;
  unexpectedError: string;
};

type Props = { lang: Lang; messages: ContactFormMessages };

/** The API words what is wrong; a field loses its error once it would pass the same first checks. */
const recheck: FieldCheck<Field> = (field, values, shown) => {
  const value = String(values.get(field) ?? '').trim();
  if (!value) return shown;
  return field === 'email' && !looksLikeEmail(value) ? shown : undefined;
};

const inputClass =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-ink aria-[invalid=true]:border-danger';

export default function ContactForm({ lang, messages }: Props) {
  const id = useId();
  const successRef = useRef<HTMLDivElement>(null);
  // Server-rendered HTML shows the form at once; submitting is enabled only once React
  // runs, because a native submit could not send the anti-forgery header.
  const [hydrated, setHydrated] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState('');
  // The API's summary of the fields to correct, shown while any of them is left.
  const [fieldsSummary, setFieldsSummary] = useState('');
  const { errors: fieldErrors, setErrors: setFieldErrors, hasErrors, onChange } = useFieldErrors<Field>(recheck);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (sent) successRef.current?.focus();
  }, [sent]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = Object.fromEntries(fieldOrder.map((field) => [field, String(data.get(field) ?? '')]));

    setSending(true);
    setSent(false);
    setFormError('');
    setFieldErrors({});
    try {
      await apiFetch('/api/email/contact-us', { method: 'POST', body, lang });
      form.reset();
      setSent(true);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFormError(messages.networkError);
        return;
      }
      const fields: Partial<Record<Field, string>> = {};
      for (const field of fieldOrder) {
        const message = error.fields[field];
        if (message) fields[field] = message;
      }
      setFieldErrors(fields);
      if (Object.keys(fields).length) setFieldsSummary(error.message || messages.unexpectedError);
      else setFormError(error.message || messages.unexpectedError);
      const firstInvalid = fieldOrder.find((field) => fields[field]);
      if (firstInvalid) form.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
    } finally {
      setSending(false);
    }
  }

  const errorId = (field: Field) => `${id}-${field}-error`;
  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    maxLength: contactLimits[field],
    'aria-invalid': fieldErrors[field] ? true : undefined,
    className: inputClass,
  });
  const fieldError = (field: Field) =>
    fieldErrors[field] && (
      <p id={errorId(field)} className="mt-1 text-sm font-medium text-danger">
        {fieldErrors[field]}
      </p>
    );

  return (
    <div>
      {sent && (
        <div ref={successRef} tabIndex={-1} className="mb-6 rounded-xl border-2 border-brand bg-surface p-5">
          <h2 className="text-lg font-bold">{messages.successTitle}</h2>
          <p className="mt-1 text-muted">{messages.successText}</p>
        </div>
      )}
      <form method="post" onSubmit={submit} onChange={onChange} className="space-y-5">
        {/* Present from the start: screen readers announce changes to a live region
            only if the region was already there. */}
        <div role="alert">
          {(formError || hasErrors) && (
            <p className="rounded-lg border-2 border-danger bg-surface p-4 font-medium text-danger">{formError || fieldsSummary}</p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-name`} className="font-semibold">
            {messages.name}
          </label>
          <input
            {...fieldProps('name')}
            type="text"
            autoComplete="name"
            aria-describedby={fieldErrors.name ? errorId('name') : undefined}
          />
          {fieldError('name')}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="font-semibold">
            {messages.email}
          </label>
          <input
            {...fieldProps('email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-describedby={fieldErrors.email ? errorId('email') : undefined}
          />
          {fieldError('email')}
        </div>
        <div>
          <label htmlFor={`${id}-message`} className="font-semibold">
            {messages.message}
          </label>
          <textarea
            {...fieldProps('message')}
            rows={6}
            aria-describedby={[`${id}-message-hint`, fieldErrors.message && errorId('message')].filter(Boolean).join(' ')}
          />
          <p id={`${id}-message-hint`} className="mt-1 text-sm text-muted">
            {messages.messageHint}
          </p>
          {fieldError('message')}
        </div>
        <button
          type="submit"
          disabled={!hydrated || sending}
          className="inline-flex cursor-pointer items-center gap-2 rounded-lg bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-70"
        >
          {sending && <SpinnerIcon />}
          {sending ? messages.sending : messages.submit}
        </button>
      </form>
    </div>
  );
}
