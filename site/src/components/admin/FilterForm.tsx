import { useEffect, useId, useRef, useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { inputClass, primaryButtonClass } from '../forms';
import type { AdminMessages } from './messages';
import { rowButtonClass } from './parts';

type Props<K extends string> = {
  label: string;
  fields: readonly K[];
  values: Record<K, string>;
  onApply: (values: Record<K, string>) => void;
  m: AdminMessages;
  /** The fields (TextFilter, SelectFilter), named as in `fields`. */
  children: ReactNode;
};

/**
 * The search and filters above a list: words and numbers apply with Search (or Enter), a
 * choice in a list at once. The fields keep what was typed; Clear empties them all.
 */
export function FilterForm<K extends string>({ label, fields, values, onApply, m, children }: Props<K>) {
  const formRef = useRef<HTMLFormElement>(null);
  // Clear starts the fields afresh (a new key), then puts focus back in the first one.
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    if (generation > 0) formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [generation]);

  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    return Object.fromEntries(fields.map((field) => [field, String(data.get(field) ?? '').trim()])) as Record<K, string>;
  };
  const clear = () => {
    onApply(Object.fromEntries(fields.map((field) => [field, ''])) as Record<K, string>);
    setGeneration(generation + 1);
  };
  const filtered = fields.some((field) => values[field] !== '');

  return (
    <form
      ref={formRef}
      key={generation}
      role="search"
      aria-label={label}
      className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(read(event.currentTarget));
      }}
      onChange={(event) => {
        if (event.target instanceof HTMLSelectElement) event.currentTarget.requestSubmit();
      }}
    >
      {children}
      <div className="flex flex-wrap gap-2 sm:col-span-full">
        <button type="submit" className={`${primaryButtonClass} py-2`}>
          {m['common.search']}
        </button>
        {filtered && (
          <button type="button" className={`${rowButtonClass} px-4`} onClick={clear}>
            {m['common.clear']}
          </button>
        )}
      </div>
    </form>
  );
}

type TextFilterProps = {
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  type?: HTMLInputTypeAttribute;
  numeric?: boolean;
  /** Suggestions the field offers as it is typed in. */
  suggestions?: readonly string[];
  wide?: boolean;
};

export function TextFilter({ name, label, hint, defaultValue, type = 'text', numeric = false, suggestions, wide = false }: TextFilterProps) {
  const id = useId();
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        inputMode={numeric ? 'numeric' : undefined}
        pattern={numeric ? '[0-9]*' : undefined}
        maxLength={type === 'date' ? undefined : 254}
        list={suggestions ? `${id}-list` : undefined}
        autoComplete="off"
        className={`${inputClass} py-2`}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {suggestions && (
        <datalist id={`${id}-list`}>
          {suggestions.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectFilter({ name, label, defaultValue, options }: { name: string; label: string; defaultValue: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className={`${inputClass} py-2`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
