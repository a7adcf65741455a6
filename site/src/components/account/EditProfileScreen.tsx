import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Lang, MessagesFor } from '../../i18n';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { getLocations, type Location } from '../../lib/catalogue-cache';
import { fill } from '../../lib/format';
import { setUser, type AuthUser } from '../../stores/auth';
import { FieldError, focusFirstError, FormAlert, inputClass, SubmitButton, TextField, useFieldErrors, type FieldCheck, type FieldErrors } from '../forms';
import { AvatarUpload, type AvatarMessages } from './AvatarUpload';
import { Guard, type GuardMessages } from './guard';

export type EditProfileMessages = MessagesFor<'account.edit.'> & {
  firstName: string;
  lastName: string;
  required: string;
  fixFields: string;
  network: string;
  unexpected: string;
  invalidUser: string;
  avatar: AvatarMessages;
};

type Props = {
  lang: Lang;
  guard: GuardMessages;
  messages: EditProfileMessages;
  paths: { login: string; home: string; profile: string };
};

/** Mirrors the API's limits as hints; the API's own validation is what counts. */
export const profileLimits = { name: 100, phone: 32, bio: 2000 } as const;

type Field = 'firstName' | 'lastName' | 'phone' | 'bio' | 'locationId' | 'language';
const fields: Field[] = ['firstName', 'lastName', 'phone', 'bio', 'locationId', 'language'];

/** The names are required; anything else the API found goes at the first edit, for the API to judge again. */
function validate(data: FormData, required: string): FieldErrors<Field> {
  const found: FieldErrors<Field> = {};
  for (const field of ['firstName', 'lastName'] as const) if (!String(data.get(field) ?? '').trim()) found[field] = required;
  return found;
}

/** /edit-profile: photo, names, phone, bio, city, e-mail language and whether to hear of comments. */
export default function EditProfileScreen({ lang, guard, messages, paths }: Props) {
  return (
    <Guard lang={lang} loginPath={paths.login} homePath={paths.home} messages={guard}>
      {(user) => (
        <>
          <AvatarUpload lang={lang} user={user} messages={messages.avatar} />
          <EditProfileForm lang={lang} user={user} messages={messages} profilePath={paths.profile} />
        </>
      )}
    </Guard>
  );
}

function EditProfileForm({ lang, user, messages: m, profilePath }: { lang: Lang; user: AuthUser; messages: EditProfileMessages; profilePath: string }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [locations, setLocations] = useState<Location[] | null>(null);
  const [locationsFailed, setLocationsFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const recheck: FieldCheck<Field> = (field, data) => validate(data, m.required)[field];
  const { errors, setErrors, hasErrors, onChange } = useFieldErrors<Field>(recheck);
  const [formError, setFormError] = useState('');

  useEffect(() => {
    getLocations()
      .then(setLocations)
      .catch((error: unknown) => {
        console.error('Could not load the locations', error);
        setLocationsFailed(true);
      });
  }, []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (field: Field) => String(data.get(field) ?? '').trim();
    setSaved(false);
    setFormError('');

    const found = validate(data, m.required);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(formRef.current, fields, found);
      return;
    }
    if (!user.id) {
      // An update needs the user's id: without one, say so and send nothing.
      setFormError(m.invalidUser);
      return;
    }

    const location = text('locationId');
    const body = {
      id: user.id,
      firstName: text('firstName'),
      lastName: text('lastName'),
      phone: text('phone') || null,
      bio: text('bio') || null,
      locationId: location ? Number(location) : null,
      language: text('language') === 'am' ? 'am' : 'en',
      commentEmails: data.has('commentEmails'),
    };
    setBusy(true);
    try {
      const updated = await apiFetch<AuthUser>(`/api/auth/users/${user.id}`, { method: 'PUT', body, lang });
      setUser(updated);
      setSaved(true);
    } catch (error) {
      const server = fieldErrorsOf(error, fields);
      setErrors(server);
      setFormError(Object.keys(server).length ? '' : errorText(error, { network: m.network, unexpected: m.unexpected }));
      focusFirstError(formRef.current, fields, server);
    } finally {
      setBusy(false);
    }
  }

  const cityName = (location: Location) => (lang === 'am' ? location.cityAm : location.city);
  const sorted = locations ? [...locations].sort((a, b) => cityName(a).localeCompare(cityName(b), lang)) : null;
  const described = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  return (
    <form ref={formRef} noValidate onSubmit={submit} onChange={onChange} className="space-y-6 rounded-xl border border-line bg-surface p-5 sm:p-6">
      <p className="text-muted">{fill(m.emailNote, { email: user.email })}</p>
      <FormAlert message={formError || (hasErrors ? m.fixFields : '')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-first`}
          name="firstName"
          label={m.firstName}
          autoComplete="given-name"
          defaultValue={user.firstName}
          maxLength={profileLimits.name}
          required
          error={errors.firstName}
        />
        <TextField
          id={`${id}-last`}
          name="lastName"
          label={m.lastName}
          autoComplete="family-name"
          defaultValue={user.lastName}
          maxLength={profileLimits.name}
          required
          error={errors.lastName}
        />
      </div>
      <TextField
        id={`${id}-phone`}
        name="phone"
        type="tel"
        label={m.phone}
        autoComplete="tel"
        inputMode="tel"
        defaultValue={user.phone ?? ''}
        maxLength={profileLimits.phone}
        hint={m.phoneHint}
        error={errors.phone}
      />
      <div>
        <label htmlFor={`${id}-location`} className="font-semibold">
          {m.location}
        </label>
        {/* Keyed so that the stored city is selected once the list has arrived. */}
        <select
          key={sorted ? 'loaded' : 'loading'}
          id={`${id}-location`}
          name="locationId"
          defaultValue={user.locationId === null ? '' : String(user.locationId)}
          className={inputClass}
          aria-invalid={errors.locationId ? true : undefined}
          aria-describedby={described(locationsFailed && `${id}-location-failed`, errors.locationId && `${id}-location-error`)}
        >
          <option value="">{m.noLocation}</option>
          {sorted
            ? sorted.map((location) => (
                <option key={location.id} value={location.id}>
                  {cityName(location)}
                </option>
              ))
            : user.location && <option value={user.location.id}>{cityName(user.location)}</option>}
        </select>
        {locationsFailed && (
          <p id={`${id}-location-failed`} className="mt-1 text-sm text-muted">
            {m.locationsFailed}
          </p>
        )}
        <FieldError id={`${id}-location-error`} message={errors.locationId} />
      </div>
      <div>
        <label htmlFor={`${id}-bio`} className="font-semibold">
          {m.bio}
        </label>
        <textarea
          id={`${id}-bio`}
          name="bio"
          rows={5}
          defaultValue={user.bio ?? ''}
          maxLength={profileLimits.bio}
          className={inputClass}
          aria-invalid={errors.bio ? true : undefined}
          aria-describedby={described(`${id}-bio-hint`, errors.bio && `${id}-bio-error`)}
        />
        <p id={`${id}-bio-hint`} className="mt-1 text-sm text-muted">
          {fill(m.bioHint, { max: profileLimits.bio })}
        </p>
        <FieldError id={`${id}-bio-error`} message={errors.bio} />
      </div>
      <div>
        <label htmlFor={`${id}-language`} className="font-semibold">
          {m.language}
        </label>
        <select
          id={`${id}-language`}
          name="language"
          defaultValue={user.language}
          className={inputClass}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={errors.language ? `${id}-language-error` : undefined}
        >
          <option value="en">{m.english}</option>
          <option value="am">{m.amharic}</option>
        </select>
        <FieldError id={`${id}-language-error`} message={errors.language} />
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-commentEmails`}
          name="commentEmails"
          type="checkbox"
          defaultChecked={user.commentEmails}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
          aria-describedby={`${id}-commentEmails-hint`}
        />
        <div>
          <label htmlFor={`${id}-commentEmails`} className="cursor-pointer font-semibold">
            {m.commentEmails}
          </label>
          <p id={`${id}-commentEmails-hint`} className="text-sm text-muted">
            {m.commentEmailsHint}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} label={m.save} busyLabel={m.saving} />
        <a href={profilePath} className="font-semibold underline underline-offset-4">
          {m.back}
        </a>
      </div>
      <div role="status" className="font-semibold">
        {saved && <p className="rounded-lg border-2 border-brand p-4">{m.saved}</p>}
      </div>
    </form>
  );
}
