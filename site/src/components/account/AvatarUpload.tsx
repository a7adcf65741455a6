import { useId, useRef, useState, type ChangeEvent } from 'react';
import type { Lang } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { uploadImage } from '../../lib/upload';
import { setUser, type AuthUser } from '../../stores/auth';
import { FieldError, FilePicker, secondaryButtonClass } from '../forms';
import { Avatar } from './Avatar';

export type AvatarMessages = {
  title: string;
  hint: string;
  choose: string;
  remove: string;
  uploading: string;
  saved: string;
  removed: string;
  current: string;
  photoType: string;
  photoTooLarge: string;
  network: string;
  unexpected: string;
};

const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Profile photo: uploaded as a USER image with progress, then stored on the user as
 * avatarMediaId. The answer, with the photo's address, becomes the signed-in user every
 * screen shows.
 */
export function AvatarUpload({ lang, user, messages: m }: { lang: Lang; user: AuthUser; messages: AvatarMessages }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const save = (avatarMediaId: number | null) =>
    apiFetch<AuthUser>(`/api/auth/users/${user.id}`, {
      method: 'PUT',
      lang,
      body: { id: user.id, avatarMediaId },
    });

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(undefined);
    setStatus('');
    if (!acceptedTypes.includes(file.type)) return setError(m.photoType);
    if (file.size > 10 * 1024 * 1024) return setError(m.photoTooLarge);
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, { entityType: 'USER', entityId: user.id }, { lang, onProgress: setProgress });
      setUser(await save(uploaded.id));
      setStatus(m.saved);
    } catch (caught) {
      setError(fieldErrorsOf(caught, ['file'] as const).file ?? errorText(caught, m));
    } finally {
      setProgress(null);
    }
  }

  async function remove() {
    setError(undefined);
    try {
      setUser(await save(null));
      setStatus(m.removed);
      input.current?.focus();
    } catch (caught) {
      setError(errorText(caught, m));
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mb-6 rounded-xl border border-line bg-surface p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {m.title}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-5">
        <Avatar user={user} alt={m.current} className="size-24 shrink-0 text-2xl" />
        <div className="min-w-0 flex-1">
          <FilePicker
            ref={input}
            id={`${id}-file`}
            label={m.choose}
            accept={acceptedTypes.join(',')}
            onChange={choose}
            disabled={progress !== null}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
            {m.hint}
          </p>
          <FieldError id={`${id}-error`} message={error} />
          {progress !== null && (
            <progress className="mt-2 w-full" max={100} value={progress} aria-label={m.uploading}>
              {progress}%
            </progress>
          )}
          {user.avatarUrl && (
            <button type="button" className={`${secondaryButtonClass} mt-3 px-3 py-1.5 text-sm`} onClick={remove} disabled={progress !== null}>
              {m.remove}
            </button>
          )}
        </div>
      </div>
      <p role="status" className="mt-2 font-semibold">
        {status}
      </p>
    </section>
  );
}
