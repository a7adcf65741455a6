import { useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { SpinnerIcon } from './Spinner';

/**
 * Form pieces shared by the account islands: a label above each control, its hint and
 * its error tied to it with aria-describedby, the error next to the field it concerns.
 */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-ink aria-[invalid=true]:border-danger aria-[invalid=true]:border-2';

export const primaryButtonClass =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg bg-brand px-5 py-3 font-semibold text-on-brand hover:bg-brand-strong disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButtonClass =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-brand px-5 py-2.5 font-semibold text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70';

/** The yes of a question whose action cannot be undone. */
export const dangerButtonClass =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-danger bg-danger px-5 py-2.5 font-semibold text-surface hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-70';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/**
 * Checks one field again as it is edited, with the form's values: the error to show, or
 * undefined once the field is fine. `shown` is the error it shows now, to keep while the
 * field is still wrong in a way only the server can put in words.
 */
export type FieldCheck<F extends string> = (field: F, values: FormData, shown: string) => string | undefined;

/**
 * Field errors that go as soon as the field is fixed, not at the next submit. Only a field
 * that shows an error is checked as it is edited (nobody is told off while typing for the
 * first time); without a check of its own, an error only the server could find goes at the
 * first edit, and the server judges the field again when the form is sent.
 * `onChange` goes on the <form>, where the fields' changes bubble; `recheck` is for a field
 * that a script filled in, which sends no change of its own.
 */
export function useFieldErrors<F extends string>(check?: FieldCheck<F>, initial: FieldErrors<F> = {}) {
  const [errors, setErrors] = useState<FieldErrors<F>>(initial);

  function recheck(field: F, form: HTMLFormElement | null) {
    const shown = errors[field];
    if (!shown || !form) return;
    const next = check?.(field, new FormData(form), shown);
    if (next === shown) return;
    setErrors((current) => {
      const updated = { ...current };
      if (next) updated[field] = next;
      else delete updated[field];
      return updated;
    });
  }

  function onChange(event: ChangeEvent<HTMLFormElement>) {
    const target = event.target;
    // A file field reports its own problems as files are chosen.
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) || target.type === 'file') return;
    recheck(target.name as F, event.currentTarget);
  }

  const hasErrors = Object.values(errors).some(Boolean);
  return { errors, setErrors, hasErrors, onChange, recheck };
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  id: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
};

export function TextField({ id, name, label, hint, error, className, ...input }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && hintId, error && errorId)}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type PasswordFieldProps = Omit<TextFieldProps, 'type'> & {
  labels: { show: string; hide: string; showPassword: string; hidePassword: string };
};

/** A password input with a Show/Hide button that keeps focus and caret where they were. */
export function PasswordField({ id, name, label, hint, error, labels, className, ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pe-20`}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hint && hintId, error && errorId)}
          {...input}
        />
        <button
          type="button"
          aria-controls={id}
          aria-label={visible ? labels.hidePassword : labels.showPassword}
          onClick={() => setVisible(!visible)}
          className="absolute inset-y-0 end-0 min-w-12 cursor-pointer rounded-md px-3 text-sm font-semibold text-link hover:bg-sunken"
        >
          {visible ? labels.hide : labels.show}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

type FilePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'className'> & {
  id: string;
  label: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A file field shown as a button with words on it: the browser's own "Choose file" is small
 * on a phone and speaks the browser's language, not the page's. The input itself stays,
 * out of sight but focusable, so keyboards, screen readers and tests use it as before; the
 * button is its label, so a tap on it opens the picker.
 */
export function FilePicker({ id, label, ref, ...input }: FilePickerProps) {
  return (
    <>
      <input ref={ref} id={id} type="file" className="peer sr-only" {...input} />
      <label
        htmlFor={id}
        className="inline-flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-brand bg-surface px-5 py-2.5 font-semibold text-ink hover:bg-sunken peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-70 peer-aria-[invalid=true]:border-danger max-sm:w-full"
      >
        <svg className="size-5 shrink-0" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <circle cx="9" cy="10" r="1.5" />
          <path d="m21 16-5-5-8 8" />
        </svg>
        {label}
      </label>
    </>
  );
}

/**
 * A live region present from the start: screen readers announce changes to a region only
 * if it was already there.
 */
export function FormAlert({ message, children }: { message?: string; children?: ReactNode }) {
  return (
    <div role="alert" className="empty:mb-0">
      {(message || children) && (
        <div className="rounded-lg border-2 border-danger bg-surface p-4 font-medium text-danger">
          {message && <p>{message}</p>}
          {children}
        </div>
      )}
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel, disabled, className = '' }: { busy: boolean; label: string; busyLabel: string; disabled?: boolean; className?: string }) {
  return (
    <button type="submit" disabled={busy || disabled} className={`${primaryButtonClass} ${className}`}>
      {busy && <SpinnerIcon />}
      {busy ? busyLabel : label}
    </button>
  );
}

/** A success or information panel that takes focus when it appears, so it is read out. */
export function Notice({ title, children, focusRef }: { title: string; children?: ReactNode; focusRef?: Ref<HTMLDivElement> }) {
  return (
    <div ref={focusRef} tabIndex={-1} className="rounded-xl border-2 border-brand bg-surface p-5 focus:outline-none focus-visible:outline-3">
      <h2 className="text-xl font-bold">{title}</h2>
      {children}
    </div>
  );
}

/** Focuses the first field with an error, in form order. */
export function focusFirstError(form: HTMLFormElement | null, fields: readonly string[], errors: Partial<Record<string, string>>): void {
  const first = fields.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}
