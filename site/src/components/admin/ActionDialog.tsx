import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { reasonLength } from '../../lib/admin';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { fill } from '../../lib/format';
import { dangerButtonClass, FieldError, FormAlert, inputClass, primaryButtonClass, secondaryButtonClass } from '../forms';
import { SpinnerIcon } from '../Spinner';
import type { AdminMessages } from './messages';
import { failureWords } from './use-admin';

/** The words an action asks for, sent as `name`; the server's message about them shows under the field. */
export type ActionField = { name: 'reason' | 'note'; label: string; hint: string; min: number; max: number; optional?: boolean };

export type ActionRequest = {
  title: string;
  text: string;
  /** The action's name, on its button. */
  confirm: string;
  /** Takes something away (suspend, refund, disable): the button says so in red. */
  danger?: boolean;
  field?: ActionField;
  /** Sends the action with the words given; the dialog closes when it resolves, and stays with the error when it throws. */
  run: (text: string) => Promise<void>;
};

export function reasonField(m: AdminMessages): ActionField {
  return { name: 'reason', label: m['common.reason'], hint: m['common.reasonHint'], ...reasonLength };
}

/**
 * Asks before an admin action, for its reason, and sends it: `open` shows the dialog; render
 * `dialog` once. Unlike the site's ConfirmDialog, it stays open while the request is under way
 * and after a refusal, so that the server's message shows under the reason it is about.
 */
export function useActionDialog(m: AdminMessages) {
  const [request, setRequest] = useState<ActionRequest | null>(null);
  const closed = useCallback(() => setRequest(null), []);
  return { open: setRequest, dialog: <ActionDialog request={request} m={m} onClosed={closed} /> };
}

/**
 * A modal <dialog>: the page behind is inert, focus starts in the field (or on Cancel) and
 * goes back to the button that opened it. Escape, Cancel and a click beside it close it, but
 * not while the action is being sent, and the action's button does nothing twice.
 */
function ActionDialog({ request, m, onClosed }: { request: ActionRequest | null; m: AdminMessages; onClosed: () => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | undefined>();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!request || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setFieldError(undefined);
    setProblem(undefined);
    if (fieldRef.current) fieldRef.current.value = '';
    dialog.showModal();
    (fieldRef.current ?? cancelRef.current)?.focus();
  }, [request]);

  const close = () => {
    if (!busy) dialogRef.current?.close();
  };

  const closed = () => {
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    onClosed();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request || busy) return;
    const field = request.field;
    const text = fieldRef.current?.value.trim() ?? '';
    if (field && !(field.optional && text === '') && text.length < field.min) {
      setFieldError(fill(m['common.tooShort'], { min: field.min }));
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setProblem(undefined);
    try {
      await request.run(text);
      dialogRef.current?.close();
    } catch (error) {
      const own = field ? fieldErrorsOf(error, [field.name])[field.name] : undefined;
      if (own) {
        setFieldError(own);
        fieldRef.current?.focus();
      } else {
        setProblem(errorText(error, failureWords(m)));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = request?.field;
  const fieldId = `${id}-field`;
  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={closed}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop: its content covers the rest.
        if (event.target === event.currentTarget) close();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/60"
      data-testid="admin-action-dialog"
    >
      <form className="space-y-4 p-6" onSubmit={submit} noValidate aria-busy={busy}>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {request?.title}
        </h2>
        <p id={`${id}-text`} className="text-muted">
          {request?.text}
        </p>
        {field && (
          <div>
            <label htmlFor={fieldId} className="font-semibold">
              {field.label}
            </label>
            <textarea
              ref={fieldRef}
              id={fieldId}
              name={field.name}
              rows={3}
              maxLength={field.max}
              className={inputClass}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${fieldId}-hint${fieldError ? ` ${fieldId}-error` : ''}`}
            />
            <p id={`${fieldId}-hint`} className="mt-1 text-sm text-muted">
              {field.hint}
            </p>
            <FieldError id={`${fieldId}-error`} message={fieldError} />
          </div>
        )}
        <FormAlert message={problem} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="button" className={secondaryButtonClass} onClick={close} disabled={busy}>
            {m['common.cancel']}
          </button>
          <button type="submit" className={request?.danger ? dangerButtonClass : primaryButtonClass} disabled={busy}>
            {busy && <SpinnerIcon />}
            {busy ? m['common.working'] : request?.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
