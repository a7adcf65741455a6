import { useRef, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import type { FundraiserStatus } from '../../lib/fundraiser';
import { ensureAuth } from '../../stores/auth';
import { FieldError, FormAlert, inputClass, secondaryButtonClass, SubmitButton } from '../forms';

export type OwnerMessages = {
  title: string;
  edit: string;
  pause: string;
  resume: string;
  close: string;
  closeConfirm: string;
  statusChanged: string;
  updateLabel: string;
  updateHint: string;
  postUpdate: string;
  posting: string;
  network: string;
  unexpected: string;
};

type Props = { fundraiserId: number; status: FundraiserStatus; lang: string; editHref: string; messages: OwnerMessages };

/** Mounts the panel when the signed-in visitor owns the fundraiser or is an admin. */
export async function mountOwnerPanel(host: HTMLElement): Promise<void> {
  const data = host.dataset;
  const lang = data.lang ?? 'en';
  const state = await ensureAuth(lang).catch(() => null);
  const user = state?.user;
  if (!user || (user.id !== Number(data.ownerId) && !user.admin)) return;
  const props: Props = {
    fundraiserId: Number(data.fundraiserId),
    status: data.status as FundraiserStatus,
    lang,
    editHref: data.editHref ?? '#',
    messages: JSON.parse(data.messages ?? '{}') as OwnerMessages,
  };
  createRoot(host).render(<OwnerPanel {...props} />);
}

function OwnerPanel({ fundraiserId, status, lang, editHref, messages }: Props) {
  const [busy, setBusy] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | undefined>();
  const [content, setContent] = useState('');
  const [contentError, setContentError] = useState<string | undefined>();
  const textarea = useRef<HTMLTextAreaElement>(null);

  const changeStatus = async (next: FundraiserStatus) => {
    if (next === 'CLOSED' && !window.confirm(messages.closeConfirm)) return;
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

  const postUpdate = async (event: FormEvent) => {
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

  const open = status === 'ACTIVE' || status === 'PAUSED';
  return (
    <section className="rounded-xl border-2 border-brand bg-surface p-5" aria-labelledby="owner-title" data-testid="owner-panel">
      <h2 id="owner-title" className="text-lg font-bold">
        {messages.title}
      </h2>
      {alert && <FormAlert message={alert} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <a className={secondaryButtonClass} href={editHref}>
          {messages.edit}
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
          onChange={(event) => setContent(event.target.value)}
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? 'update-content-hint update-content-error' : 'update-content-hint'}
        />
        <p id="update-content-hint" className="mt-1 text-sm text-muted">
          {messages.updateHint}
        </p>
        <FieldError id="update-content-error" message={contentError} />
        <SubmitButton busy={busy === 'update'} label={messages.postUpdate} busyLabel={messages.posting} disabled={busy !== null} className="mt-3" />
      </form>
    </section>
  );
}
