import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { DeleteView } from '../../../../modules/fundraisers/fundraiser.schemas.ts';
import type { MessagesFor } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import type { FundraiserStatus } from '../../lib/fundraiser';
import { ensureAuth } from '../../stores/auth';
import { useConfirm, type Question } from '../ConfirmDialog';
import { FieldError, FormAlert, inputClass, secondaryButtonClass, SubmitButton } from '../forms';

export type OwnerMessages = MessagesFor<'fundraiser.owner.'>;

type Props = {
  fundraiserId: number;
  status: FundraiserStatus;
  hasDonations: boolean;
  lang: string;
  editHref: string;
  /** The fundraiser's progress page: figures, charts, the donations as CSV. */
  progressHref: string;
  /** Where a deleted fundraiser's organiser goes: their profile, with My Fundraisers. */
  profileHref: string;
  messages: OwnerMessages;
};

const dangerButtonBase =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-danger font-semibold text-danger hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70';

/**
 * Mounts the panel. The page renders its host only for the fundraiser's organiser or an
 * admin, as the API answered it with the visitor's cookie (`viewerCanManage`).
 */
export function mountOwnerPanel(host: HTMLElement): void {
  const data = host.dataset;
  const lang = data.lang ?? 'en';
  const props: Props = {
    fundraiserId: Number(data.fundraiserId),
    status: data.status as FundraiserStatus,
    hasDonations: data.hasDonations === 'true',
    lang,
    editHref: data.editHref ?? '#',
    progressHref: data.progressHref ?? '#',
    profileHref: data.profileHref ?? '/',
    messages: JSON.parse(data.messages ?? '{}') as OwnerMessages,
  };
  createRoot(host).render(<OwnerPanel {...props} />);
  // This browser may not know it is signed in (its hint is missing when storage was
  // cleared, say): learning it brings up the header's user menu and the inactivity timers.
  void ensureAuth(lang).catch(() => undefined);
}

function OwnerPanel({ fundraiserId, status, hasDonations, lang, editHref, progressHref, profileHref, messages }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const [content, setContent] = useState('');
  const [contentError, setContentError] = useState<string | undefined>();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const updates = useUpdateItems();
  const { ask, dialog } = useConfirm(messages.cancel);

  // Resuming takes nothing away, so it is the one change not asked about.
  const questions: Partial<Record<FundraiserStatus, Question>> = {
    PAUSED: { title: messages.pauseTitle, text: messages.pauseConfirm, confirm: messages.pauseAction },
    CLOSED: { title: messages.closeTitle, text: messages.closeConfirm, confirm: messages.closeAction, danger: true },
  };

  const changeStatus = async (next: FundraiserStatus) => {
    const question = questions[next];
    if (question && !(await ask(question))) return;
    setBusy(next);
    setAlert(undefined);
    try {
      await apiFetch(`/api/fundraisers/${fundraiserId}`, { method: 'PATCH', body: { status: next }, lang });
      // The page is rendered on demand: reloading shows the new status everywhere on it.
      location.reload();
    } catch (error) {
      setAlert(errorText(error, messages));
      setBusy(null);
    }
  };

  const deleteFundraiser = async () => {
    const question: Question = hasDonations
      ? { title: messages.deleteClosesTitle, text: messages.deleteClosesConfirm, confirm: messages.closeAction, danger: true }
      : { title: messages.deleteTitle, text: messages.deleteConfirm, confirm: messages.delete, danger: true };
    if (!(await ask(question))) return;
    setBusy('delete');
    setAlert(undefined);
    try {
      // The server decides: a donation may have arrived since the page was rendered.
      const result = await apiFetch<DeleteView>(`/api/fundraisers/${fundraiserId}`, { method: 'DELETE', lang });
      if (result.outcome === 'deleted') location.assign(profileHref);
      else location.reload();
    } catch (error) {
      setAlert(errorText(error, messages));
      setBusy(null);
    }
  };

  const postUpdate = async (event: SubmitEvent) => {
    event.preventDefault();
    setBusy('update');
    setAlert(undefined);
    setContentError(undefined);
    try {
      await apiFetch(`/api/fundraisers/${fundraiserId}/updates`, { method: 'POST', body: { content }, lang });
      location.reload();
    } catch (error) {
      const fields = fieldErrorsOf(error, ['content'] as const);
      if (fields.content) {
        setContentError(fields.content);
        textarea.current?.focus();
      } else setAlert(errorText(error, messages));
      setBusy(null);
    }
  };

  const updateDeleted = (item: HTMLElement) => {
    item.remove();
    countUpdates(-1, lang);
    setAnnouncement(messages.updateDeleted);
    // The button pressed is gone with its update; the list's heading is the nearest place to go on from.
    document.getElementById('updates-title')?.focus();
  };

  const open = status === 'ACTIVE' || status === 'PAUSED';
  // Deleting a closed fundraiser with donations would change nothing: it is kept, closed.
  const deletable = open || !hasDonations;
  return (
    <section className="rounded-xl border-2 border-brand bg-surface p-5" aria-labelledby="owner-title" data-testid="owner-panel">
      <h2 id="owner-title" className="text-lg font-bold">
        {messages.title}
      </h2>
      {alert && <FormAlert message={alert} />}
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={secondaryButtonClass} href={editHref}>
          {messages.edit}
        </a>
        <a className={secondaryButtonClass} href={progressHref}>
          {messages.progress}
        </a>
        {status === 'ACTIVE' && (
          <button type="button" className={secondaryButtonClass} disabled={busy !== null} onClick={() => changeStatus('PAUSED')}>
            {messages.pause}
          </button>
        )}
        {status === 'PAUSED' && (
          <button type="button" className={secondaryButtonClass} disabled={busy !== null} onClick={() => changeStatus('ACTIVE')}>
            {messages.resume}
          </button>
        )}
        {open && (
          <button type="button" className={secondaryButtonClass} disabled={busy !== null} onClick={() => changeStatus('CLOSED')}>
            {messages.close}
          </button>
        )}
        {deletable && (
          <button type="button" className={`${dangerButtonBase} px-5 py-2.5`} disabled={busy !== null} onClick={deleteFundraiser}>
            {messages.delete}
          </button>
        )}
      </div>
      <form className="mt-5" onSubmit={postUpdate} noValidate>
        <label htmlFor="update-content" className="font-semibold">
          {messages.updateLabel}
        </label>
        <textarea
          id="update-content"
          ref={textarea}
          name="content"
          rows={4}
          required
          maxLength={5000}
          className={inputClass}
          value={content}
          onChange={(event) => {
            setContent(event.target.value);
            // The API's complaint goes once there is something to post; posting has it judged again.
            if (event.target.value.trim()) setContentError(undefined);
          }}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? 'update-content-hint update-content-error' : 'update-content-hint'}
        />
        <p id="update-content-hint" className="mt-1 text-sm text-muted">
          {messages.updateHint}
        </p>
        <FieldError id="update-content-error" message={contentError} />
        <SubmitButton busy={busy === 'update'} label={messages.postUpdate} busyLabel={messages.posting} disabled={busy !== null} className="mt-3" />
      </form>
      {dialog}
      {updates.map((item) =>
        createPortal(
          <DeleteUpdate fundraiserId={fundraiserId} item={item} lang={lang} messages={messages} ask={ask} onDeleted={updateDeleted} />,
          item,
          item.dataset.updateId,
        ),
      )}
    </section>
  );
}

/** The updates shown on the page, including those "Show older updates" appends later. */
function useUpdateItems(): HTMLElement[] {
  const [items, setItems] = useState(updateItems);
  useEffect(() => {
    const list = document.getElementById('update-list');
    if (!list) return;
    const observer = new MutationObserver(() => setItems(updateItems()));
    observer.observe(list, { childList: true });
    return () => observer.disconnect();
  }, []);
  return items;
}

function updateItems(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('#update-list > [data-update-id]')];
}

/** Adds `change` to the count beside the Updates heading; with none left, "No updates yet" shows. */
function countUpdates(change: number, lang: string): void {
  const count = document.querySelector<HTMLElement>('[data-updates-count]');
  if (!count) return;
  const total = Math.max(0, Number(count.dataset.updatesCount) + change);
  count.dataset.updatesCount = String(total);
  count.textContent = `(${new Intl.NumberFormat(lang === 'am' ? 'am-ET' : 'en-US').format(total)})`;
  const none = document.querySelector<HTMLElement>('[data-no-updates]');
  if (none) none.hidden = total > 0;
}

type DeleteUpdateProps = {
  fundraiserId: number;
  item: HTMLElement;
  lang: string;
  messages: OwnerMessages;
  ask: (question: Question) => Promise<boolean>;
  onDeleted: (item: HTMLElement) => void;
};

function DeleteUpdate({ fundraiserId, item, lang, messages, ask, onDeleted }: DeleteUpdateProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const updateId = item.dataset.updateId;

  const remove = async () => {
    if (!(await ask({ title: messages.deleteUpdateTitle, text: messages.deleteUpdateConfirm, confirm: messages.deleteUpdate, danger: true }))) return;
    setBusy(true);
    setError(undefined);
    try {
      await apiFetch(`/api/fundraisers/${fundraiserId}/updates/${updateId}`, { method: 'DELETE', lang });
      onDeleted(item);
    } catch (failure) {
      setError(errorText(failure, messages));
      setBusy(false);
    }
  };

  return (
    <div className="mt-3">
      {/* Beside the update it deletes, so a failure shows where the organiser is looking. */}
      <FormAlert message={error} />
      <button
        type="button"
        className={`${dangerButtonBase} px-3 py-1.5 text-sm`}
        disabled={busy}
        onClick={remove}
        aria-describedby={`update-${updateId}-meta`}
      >
        {messages.deleteUpdate}
      </button>
    </div>
  );
}
