import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { dangerButtonClass, FieldError, inputClass, primaryButtonClass, secondaryButtonClass } from './forms';

/**
 * What to ask: a question as the title, what follows if the answer is yes, and the yes
 * button's words (the action's name); `danger` when that cannot be undone.
 */
export type Question = { title: string; text: string; confirm: string; danger?: boolean };

/** Words to ask for with a question (a reason, say): required, since the action needs them. */
export type AskedField = { label: string; hint?: string; maxLength: number; missing: string };

type Asked = Question & { field?: AskedField; answer: (yes: boolean, text: string) => void };

/**
 * Asks before an action that cannot be taken back, in the page's language and style rather
 * than the browser's confirm(): `ask` resolves true for the action's button, false for Cancel,
 * Escape or a click beside the dialog; `askFor` also asks for some words, and resolves to
 * them (trimmed), or null for any way out but the action's button. Render `dialog` once; one
 * question is open at a time.
 */
export function useConfirm(cancel: string) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = useCallback((question: Question) => new Promise<boolean>((resolve) => setAsked({ ...question, answer: (yes) => resolve(yes) })), []);
  const askFor = useCallback(
    (question: Question, field: AskedField) => new Promise<string | null>((resolve) => setAsked({ ...question, field, answer: (yes, text) => resolve(yes ? text : null) })),
    [],
  );
  const answered = useCallback(
    (yes: boolean, text: string) => {
      asked?.answer(yes, text);
      setAsked(null);
    },
    [asked],
  );
  return { ask, askFor, dialog: <ConfirmDialog asked={asked} cancel={cancel} onAnswer={answered} /> };
}

/**
 * A modal <dialog>: the page behind is inert, focus starts on Cancel (the choice that changes
 * nothing), or in the field when there is one, and goes back to the button that asked, and
 * Escape cancels, as the browser's dialog does. An alert dialog, since it interrupts to ask
 * before something happens.
 */
function ConfirmDialog({ asked, cancel, onAnswer }: { asked: Asked | null; cancel: string; onAnswer: (yes: boolean, text: string) => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [missing, setMissing] = useState<string | undefined>();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!asked || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.returnValue = '';
    if (fieldRef.current) fieldRef.current.value = '';
    setMissing(undefined);
    dialog.showModal();
    (fieldRef.current ?? cancelRef.current)?.focus();
  }, [asked]);

  // The action's button with the words left out: the dialog stays, and says what is missing.
  const submitted = (event: SubmitEvent<HTMLFormElement>) => {
    const submitter = event.nativeEvent.submitter;
    if (!asked?.field || !(submitter instanceof HTMLButtonElement) || submitter.value !== 'confirm' || fieldRef.current?.value.trim()) return;
    event.preventDefault();
    setMissing(asked.field.missing);
    fieldRef.current?.focus();
  };

  // Every way out ends here: a button of the form (method="dialog" sets returnValue), Escape, a click outside.
  const closed = () => {
    const yes = dialogRef.current?.returnValue === 'confirm';
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    onAnswer(yes, fieldRef.current?.value.trim() ?? '');
  };

  const field = asked?.field;
  const fieldId = `${id}-field`;
  return (
    <dialog
      ref={dialogRef}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onClose={closed}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop: its content covers the rest.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/60"
      data-testid="confirm-dialog"
    >
      <form method="dialog" className="p-6" onSubmit={submitted} noValidate>
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {asked?.title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-muted">
          {asked?.text}
        </p>
        {field && (
          <div className="mt-4">
            <label htmlFor={fieldId} className="font-semibold">
              {field.label}
            </label>
            {/* Several lines, so that Enter adds a line rather than sending the form with its first button, Cancel. */}
            <textarea
              ref={fieldRef}
              id={fieldId}
              name="text"
              rows={2}
              maxLength={field.maxLength}
              className={inputClass}
              aria-invalid={missing ? true : undefined}
              aria-describedby={[field.hint && `${fieldId}-hint`, missing && `${fieldId}-error`].filter(Boolean).join(' ') || undefined}
              onChange={(event) => {
                if (event.target.value.trim()) setMissing(undefined);
              }}
            />
            {field.hint && (
              <p id={`${fieldId}-hint`} className="mt-1 text-sm text-muted">
                {field.hint}
              </p>
            )}
            <FieldError id={`${fieldId}-error`} message={missing} />
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button ref={cancelRef} type="submit" value="cancel" className={secondaryButtonClass}>
            {cancel}
          </button>
          <button type="submit" value="confirm" className={asked?.danger ? dangerButtonClass : primaryButtonClass}>
            {asked?.confirm}
          </button>
        </div>
      </form>
    </dialog>
  );
}
