import { useId, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { ungroupAmount } from '../../lib/amount';
import { errorText, fieldErrorsOf } from '../../lib/api-errors';
import { fill } from '../../lib/format';
import type { Fundraiser } from '../../lib/fundraiser';
import { FieldError, FormAlert, inputClass, secondaryButtonClass, SubmitButton, TextField } from '../forms';
import type { TeamMessages, TeamView } from './team-data';

type Field = 'name' | 'description' | 'goalAmount';
const fields: Field[] = ['name', 'description', 'goalAmount'];
export type TeamFields = { name: string; description: string; goalAmount: string | null };

type Props = {
  lang: Lang;
  fundraiser: Pick<Fundraiser, 'currency'>;
  messages: TeamMessages;
  /** Editing: the team as it is; starting one: absent. */
  team?: TeamView;
  /** Starting one: shown open at once (no team yet), or behind its button. */
  open?: boolean;
  onSave: (fields: TeamFields) => Promise<unknown>;
  onDone: () => Promise<void> | void;
  onCancel?: () => void;
};

/** Starting a team, or changing its name, story and goal: the same three fields. */
export function TeamForm({ fundraiser, messages: m, team, open = false, onSave, onDone, onCancel }: Props) {
  const id = useId();
  const [shown, setShown] = useState(open || team !== undefined);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState('');

  if (!shown) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setShown(true)}>
        {m.createTitle}
      </button>
    );
  }

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const goal = ungroupAmount(String(data.get('goalAmount') ?? '').trim());
    setBusy(true);
    setErrors({});
    setProblem('');
    try {
      await onSave({ name: String(data.get('name') ?? ''), description: String(data.get('description') ?? ''), goalAmount: goal === '' ? null : goal });
      setBusy(false);
      if (!team) setShown(open);
      await onDone();
    } catch (error) {
      const found = fieldErrorsOf(error, fields);
      setErrors(found);
      setProblem(Object.keys(found).length ? '' : errorText(error, m));
      setBusy(false);
      const first = fields.find((field) => found[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
    }
  };

  const title = team ? m.edit : m.createTitle;
  return (
    <form className="space-y-4 rounded-xl border border-line bg-surface p-5" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="text-lg font-bold">
        {title}
      </h3>
      <FormAlert message={problem} />
      <TextField id={`${id}-name`} name="name" label={m.name} defaultValue={team?.name ?? ''} maxLength={100} required error={errors.name} />
      <div>
        <label htmlFor={`${id}-description`} className="font-semibold">
          {m.description}
        </label>
        <textarea
          id={`${id}-description`}
          name="description"
          rows={3}
          maxLength={2000}
          defaultValue={team?.description ?? ''}
          className={inputClass}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
      <TextField
        id={`${id}-goalAmount`}
        name="goalAmount"
        label={fill(m.goal, { currency: fundraiser.currency })}
        hint={m.goalHint}
        inputMode="decimal"
        defaultValue={team?.goalAmount ?? ''}
        error={errors.goalAmount}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={busy} label={team ? m.save : m.create} busyLabel={team ? m.saving : m.creating} />
        {(team || !open) && (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setShown(false);
              onCancel?.();
            }}
          >
            {m.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
