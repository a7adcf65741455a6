import { useEffect, useId, useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { Lang, MessagesFor } from '../../i18n';
import { readAmount, ungroupAmount } from '../../lib/amount';
import { apiFetch } from '../../lib/api';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { getCategories, getLocations, type Category, type Location } from '../../lib/catalogue-cache';
import type { Fundraiser, FundraiserImage } from '../../lib/fundraiser';
import { uploadImage } from '../../lib/upload';
import { Guard, type GuardMessages } from '../account/guard';
import { FieldError, FilePicker, focusFirstError, FormAlert, inputClass, secondaryButtonClass, SubmitButton, TextField, useFieldErrors, type FieldErrors } from '../forms';
import { Spinner } from '../Spinner';

export type FundraiserFormMessages = MessagesFor<'fundraiserForm.'>;

type Props = {
  lang: Lang;
  /** Absent: a new fundraiser. */
  fundraiserId?: number;
  guard: GuardMessages;
  messages: FundraiserFormMessages;
  /** `fundraiser` ends with '/': the new fundraiser's id is appended. */
  paths: { login: string; home: string; fundraiser: string; edit: string };
};

type Field = 'title' | 'description' | 'goalAmount' | 'currency' | 'categoryId' | 'locationId' | 'beneficiaryName' | 'file';
const fields: Field[] = ['title', 'description', 'goalAmount', 'currency', 'categoryId', 'locationId', 'beneficiaryName', 'file'];
const maxPhotos = 8;
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'];
const maxBytes = 10 * 1024 * 1024;

type Pending = { key: string; file: File; preview: string; progress: number | null; error?: string };

export default function FundraiserForm(props: Props) {
  const { lang, guard, paths } = props;
  return (
    <Guard lang={lang} loginPath={paths.login} homePath={paths.home} messages={guard}>
      {() => <FundraiserFormLoader {...props} />}
    </Guard>
  );
}

/** Signed in (the guard saw to it); the API says whether this visitor may edit the fundraiser. */
function FundraiserFormLoader({ fundraiserId, messages: m, lang, ...rest }: Props) {
  const [existing, setExisting] = useState<Fundraiser | null | 'failed'>(fundraiserId === undefined ? null : null);
  const [loaded, setLoaded] = useState(fundraiserId === undefined);
  useEffect(() => {
    if (fundraiserId === undefined) return;
    apiFetch<Fundraiser>(`/api/fundraisers/${fundraiserId}`, { lang })
      .then((f) => setExisting(f))
      .catch(() => setExisting('failed'))
      .finally(() => setLoaded(true));
  }, [fundraiserId, lang]);
  if (!loaded) return <Spinner label={m.loading} />;
  if (existing === 'failed') return <FormAlert message={m.loadFailed} />;
  if (existing && !existing.viewerCanManage) return <FormAlert message={m.notAllowed} />;
  return <FundraiserFormBody {...rest} lang={lang} messages={m} existing={existing} />;
}

function FundraiserFormBody({ lang, messages: m, paths, existing }: Omit<Props, 'guard' | 'fundraiserId'> & { existing: Fundraiser | null }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const [locations, setLocations] = useState<Location[]>([]);
  const [catalogueFailed, setCatalogueFailed] = useState(false);
  const [images, setImages] = useState<FundraiserImage[]>(existing?.images ?? []);
  const [pending, setPending] = useState<Pending[]>([]);
  const { errors, setErrors, onChange } = useFieldErrors<Field>((field, data) => validate(data)[field]);
  const [formError, setFormError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    Promise.all([getCategories(), getLocations()])
      .then(([c, l]) => {
        setCategories(c);
        setLocations(l);
      })
      .catch(() => setCatalogueFailed(true));
  }, []);
  // Previews are object URLs: let them go when the form goes. Read through a ref, since the
  // cleanup is made once at mount and would otherwise see only the first (empty) list.
  const pendingNow = useRef(pending);
  pendingNow.current = pending;
  useEffect(() => () => pendingNow.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);

  const am = lang === 'am';
  const described = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

  function addFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    const room = maxPhotos - images.length - pending.length;
    const next: Pending[] = [];
    let problem = '';
    for (const file of chosen) {
      if (!acceptedTypes.includes(file.type)) problem = m.photoType;
      else if (file.size > maxBytes) problem = m.photoTooLarge;
      else if (next.length >= room) problem = m.photoTooMany.replace('{max}', String(maxPhotos));
      else next.push({ key: `${file.name}-${file.size}-${Math.random()}`, file, preview: URL.createObjectURL(file), progress: null });
    }
    setErrors((e) => ({ ...e, file: problem || undefined }));
    setPending((list) => [...list, ...next]);
    if (next.length) setStatus(m.photosAdded.replace('{count}', String(next.length)));
  }

  function removePending(key: string) {
    setPending((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((p) => p.key !== key);
    });
    setStatus(m.photoRemoved);
    fileInput.current?.focus();
  }

  async function removeExisting(image: FundraiserImage) {
    setFormError('');
    try {
      await apiFetch(`/api/media/${image.id}`, { method: 'DELETE', lang });
      setImages((list) => list.filter((i) => i.id !== image.id));
      setStatus(m.photoRemoved);
      fileInput.current?.focus();
    } catch (error) {
      setFormError(errorText(error, m));
    }
  }

  async function uploadAll(fundraiserId: number): Promise<boolean> {
    let ok = true;
    for (const item of pending) {
      if (item.progress === 100 && !item.error) continue;
      const update = (patch: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === item.key ? { ...p, ...patch } : p)));
      update({ progress: 0, error: undefined });
      try {
        await uploadImage(item.file, { entityType: 'FUNDRAISER', entityId: fundraiserId }, { lang, onProgress: (progress) => update({ progress }) });
      } catch (error) {
        ok = false;
        update({ error: fieldErrorsOf(error, ['file'] as const).file ?? errorText(error, m) });
      }
    }
    return ok;
  }

  function validate(data: FormData): FieldErrors<Field> {
    const text = (field: Field) => String(data.get(field) ?? '').trim();
    const found: FieldErrors<Field> = {};
    if (text('title').length < 5) found.title = m.titleShort;
    if (!text('description')) found.description = m.required;
    const goal = goalProblem(text('goalAmount'));
    if (goal) found.goalAmount = goal;
    if (!text('categoryId')) found.categoryId = m.required;
    if (!text('locationId')) found.locationId = m.required;
    return found;
  }

  function goalProblem(goal: string): string | undefined {
    if (!goal) return m.required;
    if (readAmount(goal)) return undefined;
    return /^0(?:\.0{1,2})?$/.test(ungroupAmount(goal)) ? m.goalInvalid : m.goalFormat;
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (field: Field) => String(data.get(field) ?? '').trim();
    setFormError('');
    const found = validate(data);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(formRef.current, fields, found);
      return;
    }
    const body = {
      title: text('title'),
      description: String(data.get('description') ?? ''),
      // Sent as the API reads it: "25,000" is 25000.
      goalAmount: ungroupAmount(text('goalAmount')),
      currency: text('currency') === 'ETB' ? 'ETB' : 'USD',
      categoryId: Number(text('categoryId')),
      locationId: Number(text('locationId')),
      beneficiaryName: text('beneficiaryName') || null,
    };
    setBusy(true);
    try {
      const saved = existing
        ? await apiFetch<Fundraiser>(`/api/fundraisers/${existing.id}`, { method: 'PUT', body, lang })
        : await apiFetch<Fundraiser>('/api/fundraisers', { method: 'POST', body, lang });
      if (pending.length) setStatus(m.uploading);
      const uploaded = await uploadAll(saved.id);
      if (!uploaded) {
        // The fundraiser is saved: the photos that failed can be tried again from its edit screen.
        if (!existing) location.assign(`${paths.edit}${saved.id}`);
        else setFormError(m.uploadFailed);
        setBusy(false);
        return;
      }
      location.assign(`${paths.fundraiser}${saved.id}`);
    } catch (error) {
      const server = fieldErrorsOf(error, fields);
      setErrors(server);
      setFormError(Object.keys(server).length ? '' : errorText(error, m));
      focusFirstError(formRef.current, fields, server);
      setBusy(false);
    }
  }

  const photoCount = images.length + pending.length;
  // A photo that cannot be added is said beside the photos; the summary is for fields to correct before sending.
  const fieldsToCorrect = fields.some((field) => field !== 'file' && errors[field]);
  return (
    <form ref={formRef} noValidate onSubmit={submit} onChange={onChange} className="space-y-6 rounded-xl border border-line bg-surface p-5 sm:p-6">
      <FormAlert message={formError || (fieldsToCorrect ? m.fixFields : '')} />
      <TextField id={`${id}-title`} name="title" label={m.title} hint={m.titleHint} defaultValue={existing?.title} maxLength={120} required error={errors.title} />
      <div>
        <label htmlFor={`${id}-description`} className="font-semibold">
          {m.description}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={10}
          maxLength={10000}
          required
          defaultValue={existing?.description}
          className={inputClass}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described(`${id}-description-hint`, errors.description && `${id}-description-error`)}
        />
        <p id={`${id}-description-hint`} className="mt-1 text-sm text-muted">
          {m.descriptionHint}
        </p>
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${id}-goal`}
          name="goalAmount"
          label={m.goal}
          inputMode="decimal"
          defaultValue={existing?.goalAmount.replace(/\.00$/, '')}
          required
          error={errors.goalAmount}
        />
        <div>
          <label htmlFor={`${id}-currency`} className="font-semibold">
            {m.currency}
          </label>
          <select id={`${id}-currency`} name="currency" defaultValue={existing?.currency ?? 'USD'} className={inputClass} aria-invalid={errors.currency ? true : undefined} aria-describedby={errors.currency ? `${id}-currency-error` : undefined}>
            <option value="USD">{m.usd}</option>
            <option value="ETB">{m.etb}</option>
          </select>
          <FieldError id={`${id}-currency-error`} message={errors.currency} />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-category`} className="font-semibold">
            {m.category}
          </label>
          <select
            key={categories.length ? 'loaded' : 'loading'}
            id={`${id}-category`}
            name="categoryId"
            required
            defaultValue={existing ? String(existing.category.id) : ''}
            className={inputClass}
            aria-invalid={errors.categoryId ? true : undefined}
            aria-describedby={errors.categoryId ? `${id}-category-error` : undefined}
          >
            <option value="">{m.choose}</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {am ? c.nameAm : c.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-category-error`} message={errors.categoryId} />
        </div>
        <div>
          <label htmlFor={`${id}-location`} className="font-semibold">
            {m.location}
          </label>
          <select
            key={locations.length ? 'loaded' : 'loading'}
            id={`${id}-location`}
            name="locationId"
            required
            defaultValue={existing ? String(existing.location.id) : ''}
            className={inputClass}
            aria-invalid={errors.locationId ? true : undefined}
            aria-describedby={errors.locationId ? `${id}-location-error` : undefined}
          >
            <option value="">{m.choose}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {am ? `${l.cityAm}, ${l.regionAm}` : `${l.city}, ${l.region}`}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-location-error`} message={errors.locationId} />
        </div>
      </div>
      {catalogueFailed && <p className="text-sm text-danger">{m.catalogueFailed}</p>}
      <TextField id={`${id}-beneficiary`} name="beneficiaryName" label={m.beneficiary} hint={m.beneficiaryHint} defaultValue={existing?.beneficiaryName ?? ''} maxLength={120} error={errors.beneficiaryName} />

      <fieldset>
        <legend className="font-semibold">{m.photos}</legend>
        <p id={`${id}-photos-hint`} className="mt-1 text-sm text-muted">
          {m.photosHint.replace('{max}', String(maxPhotos))}
        </p>
        {photoCount > 0 && (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="photo-list">
            {images.map((image, index) => (
              <li key={`i${image.id}`} className="rounded-lg border border-line p-2">
                <img src={image.thumbnailUrl} alt={m.photoAlt.replace('{n}', String(index + 1))} width={400} height={300} className="aspect-[4/3] w-full rounded object-cover" />
                <button type="button" className={`${secondaryButtonClass} mt-2 w-full px-2 py-1 text-sm`} onClick={() => removeExisting(image)} disabled={busy}>
                  {m.removePhoto.replace('{n}', String(index + 1))}
                </button>
              </li>
            ))}
            {pending.map((item, index) => {
              const n = images.length + index + 1;
              return (
                <li key={item.key} className="rounded-lg border border-line p-2">
                  <img src={item.preview} alt={m.photoAlt.replace('{n}', String(n))} width={400} height={300} className="aspect-[4/3] w-full rounded object-cover" />
                  {item.progress !== null && (
                    <progress className="mt-2 w-full" max={100} value={item.progress} aria-label={m.uploadProgress.replace('{n}', String(n))}>
                      {item.progress}%
                    </progress>
                  )}
                  {item.error && <p className="mt-1 text-sm font-medium text-danger">{item.error}</p>}
                  <button type="button" className={`${secondaryButtonClass} mt-2 w-full px-2 py-1 text-sm`} onClick={() => removePending(item.key)} disabled={busy}>
                    {m.removePhoto.replace('{n}', String(n))}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {photoCount < maxPhotos && (
          <div className="mt-3">
            <FilePicker
              ref={fileInput}
              id={`${id}-file`}
              label={m.addPhotos}
              name="file"
              accept={acceptedTypes.join(',')}
              multiple
              onChange={addFiles}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={described(`${id}-photos-hint`, errors.file && `${id}-file-error`)}
            />
            <FieldError id={`${id}-file-error`} message={errors.file} />
          </div>
        )}
      </fieldset>
      <p className="sr-only" role="status">
        {status}
      </p>
      <SubmitButton busy={busy} label={existing ? m.save : m.create} busyLabel={m.saving} />
    </form>
  );
}
