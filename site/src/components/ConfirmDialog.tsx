import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { primaryButtonClass, secondaryButtonClass } from './forms';

/**
 * What to ask: a question as the title, what follows if the answer is yes, and the yes
 * button's words (the action's name); `danger` when that cannot be undone.
 */
export type Question = { title: string; text: string; confirm: string; danger?: boolean };

const dangerButtonClass =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-danger bg-danger px-5 py-2.5 font-semibold text-surface hover:opacity-90';

type Asked = Question & { answer: (yes: boolean) => void };

/**
 * Asks before an action that cannot be taken back, in the page's language and style rather
 * than the browser's confirm(): `ask` resolves true for the action's button, false for Cancel,
 * Escape or a click beside the dialog. Render `dialog` once; one question is open at a time.
 */
export function useConfirm(cancel: string) {
  const [asked, setAsked] = useState<Asked | null>(null);
  const ask = useCallback((question: Question) => new Promise<boolean>((answer) => setAsked({ ...question, answer })), []);
  const answered = useCallback(
    (yes: boolean) => {
      asked?.answer(yes);
      setAsked(null);
    },
    [asked],
  );
  return { ask, dialog: <ConfirmDialog asked={asked} cancel={cancel} onAnswer={answered} /> };
}

/**
 * A modal <dialog>: the page behind is inert, focus starts on Cancel (the choice that changes
 * nothing) and goes back to the button that asked, and Escape cancels, as the browser's
 * dialog does. An alert dialog, since it interrupts to ask before something happens.
 */
function ConfirmDialog({ asked, cancel, onAnswer }: { asked: Asked | null; cancel: string; onAnswer: (yes: boolean) => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!asked || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.returnValue = '';
    dialog.showModal();
    cancelRef.current?.focus();
  }, [asked]);

  // Every way out ends here: a button of the form (method="dialog" sets returnValue), Escape, a click outside.
  const closed = () => {
    const yes = dialogRef.current?.returnValue === 'confirm';
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    onAnswer(yes);
  };

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
      <form method="dialog" className="p-6">
        <h2 id={`${id}-title`} className="text-xl font-bold">
          {asked?.title}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-muted">
          {asked?.text}
        </p>
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
