import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang, MessagesFor } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { captchaQuery, getCaptchaToken } from '../../lib/captcha';
import { commentLimits, flagReasons, type FlagReason, type FlagTarget } from '../../lib/conversation';
import { fill, numberFormat } from '../../lib/format';
import { FieldError, FormAlert, inputClass, secondaryButtonClass, SubmitButton } from '../forms';

export type ConversationMessages = MessagesFor<'comments.'>;
/** Google's notice, where the bot check is on: its badge is hidden on the site's pages. */
export type BotCheckMessages = MessagesFor<'botCheck.'>;

type Props = {
  lang: Lang;
  /** What is being reported; null while the dialog is closed. */
  target: FlagTarget | null;
  messages: ConversationMessages;
  botCheck: BotCheckMessages | null;
  onClosed: () => void;
};

/**
 * Reporting a comment or the fundraiser to the moderators, signed in or not: a modal dialog
 * with the reasons as radio buttons and room for details, then a thank-you in its place.
 * Focus starts on the first reason and goes back to what opened it; Escape closes it.
 */
export function ReportDialog({ lang, target, messages: m, botCheck, onClosed }: Props) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Each opening starts a fresh form (its key), with focus on the first reason.
  const [opening, setOpening] = useState(0);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [detailsError, setDetailsError] = useState<string | undefined>();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!target || !dialog || dialog.open) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setSent(false);
    setProblem(undefined);
    setReasonError(undefined);
    setDetailsError(undefined);
    setOpening((count) => count + 1);
    dialog.showModal();
  }, [target]);

  useEffect(() => {
    if (opening > 0) formRef.current?.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
  }, [opening]);

  useEffect(() => {
    if (sent) thanksRef.current?.focus();
  }, [sent]);

  const closed = () => {
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
    setBusy(false);
    onClosed();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target || busy) return;
    const data = new FormData(event.currentTarget);
    const reason = data.get('reason') as FlagReason | null;
    setProblem(undefined);
    setDetailsError(undefined);
    if (!reason) {
      setReasonError(m.reportChooseReason);
      event.currentTarget.querySelector<HTMLInputElement>('input[name="reason"]')?.focus();
      return;
    }
    setReasonError(undefined);
    setBusy(true);
    try {
      const token = await getCaptchaToken('report');
      await apiFetch(`/api/flags?${captchaQuery(token)}`, { method: 'POST', body: { ...target, reason, details: String(data.get('details') ?? '') }, lang });
      setSent(true);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['details'] as const);
      if (fields.details) {
        setDetailsError(fields.details);
        formRef.current?.querySelector<HTMLTextAreaElement>('textarea[name="details"]')?.focus();
      } else setProblem(errorText(error, m));
    } finally {
      setBusy(false);
    }
  };

  const title = { FUNDRAISER: m.reportFundraiserTitle, DONATION: m.reportWordsTitle, COMMENT: m.reportCommentTitle }[target?.targetType ?? 'COMMENT'];
  const [before = '', between = '', after = ''] = botCheck ? botCheck.notice.split(/\{privacy\}|\{terms\}/) : [];
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onClose={closed}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-0 text-ink shadow-xl backdrop:bg-black/60"
      data-testid="report-dialog"
    >
      {sent ? (
        <div className="p-6">
          <h2 id={`${id}-title`} ref={thanksRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
            {m.reportThanksTitle}
          </h2>
          <p className="mt-2 text-muted">{m.reportThanks}</p>
          <div className="mt-6 flex justify-end">
            <button type="button" className={secondaryButtonClass} onClick={() => dialogRef.current?.close()}>
              {m.close}
            </button>
          </div>
        </div>
      ) : (
        <form key={opening} ref={formRef} className="p-6" onSubmit={submit} noValidate>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <p className="mt-2 text-muted">{m.reportIntro}</p>
          <FormAlert message={problem} />
          <fieldset className="mt-4" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="font-semibold">{m.reportReason}</legend>
            <div className="mt-2 space-y-1">
              {flagReasons.map((reason) => (
                <label key={reason} className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-sunken">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    className="size-5 shrink-0 cursor-pointer accent-brand"
                    aria-invalid={reasonError ? true : undefined}
                    onChange={() => setReasonError(undefined)}
                  />
                  {m[`reason.${reason}`]}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-reason-error`} message={reasonError} />
          </fieldset>
          <div className="mt-4">
            <label htmlFor={`${id}-details`} className="font-semibold">
              {m.reportDetails}
            </label>
            <textarea
              id={`${id}-details`}
              name="details"
              rows={3}
              maxLength={commentLimits.reportDetails}
              className={inputClass}
              aria-invalid={detailsError ? true : undefined}
              aria-describedby={[`${id}-details-hint`, detailsError && `${id}-details-error`].filter(Boolean).join(' ')}
            />
            <p id={`${id}-details-hint`} className="mt-1 text-sm text-muted">
              {fill(m.reportDetailsHint, { max: numberFormat(lang).format(commentLimits.reportDetails) })}
            </p>
            <FieldError id={`${id}-details-error`} message={detailsError} />
          </div>
          {botCheck && (
            <p className="mt-4 text-sm text-muted">
              {before}
              <a href="https://policies.google.com/privacy" className="underline underline-offset-4">
                {botCheck.privacy}
              </a>
              {between}
              <a href="https://policies.google.com/terms" className="underline underline-offset-4">
                {botCheck.terms}
              </a>
              {after}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" className={secondaryButtonClass} onClick={() => dialogRef.current?.close()}>
              {m.cancel}
            </button>
            <SubmitButton busy={busy} label={m.reportSend} busyLabel={m.reportSending} />
          </div>
        </form>
      )}
    </dialog>
  );
}
