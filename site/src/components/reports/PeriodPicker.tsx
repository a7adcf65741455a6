import { useId, useState, type SubmitEvent } from 'react';
import { formatDay, presetDays, rangeProblem, type Period, type PresetDays, type Range, type ReportLang } from '../../lib/report';
import { SpinnerIcon } from '../Spinner';
import { inputClass } from '../forms';
import type { ReportMessages } from './messages';

type Props = {
  lang: ReportLang;
  period: Period;
  range: Range;
  today: string;
  busy: boolean;
  messages: ReportMessages;
  onChange: (period: Period) => void;
};

const presetLabel = (m: ReportMessages, days: PresetDays) => m[`period.days${days}`];

/**
 * The days a report covers: the last 7, 30, 90 or 365 days, or two dates of one's own (at most
 * 366 days, none after today). Radio buttons, so arrow keys move between them; a custom range
 * applies when its form is sent, not at each keystroke in a date.
 */
export function PeriodPicker({ lang, period, range, today, busy, messages: m, onChange }: Props) {
  const id = useId();
  const [custom, setCustom] = useState(!('days' in period));
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState('');
  const chosen = custom ? 'custom' : 'days' in period ? String(period.days) : 'custom';

  const apply = (event: SubmitEvent) => {
    event.preventDefault();
    const wrong = rangeProblem(from, to, today);
    setProblem(wrong ? m[`period.${wrong}`] : '');
    if (!wrong) onChange({ from, to });
  };

  const option = (value: string, label: string, onPick: () => void) => (
    <label
      key={value}
      className="relative cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-muted has-checked:bg-brand has-checked:text-on-brand has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus hover:text-ink has-checked:hover:text-on-brand"
    >
      <input type="radio" name={`${id}-period`} value={value} checked={chosen === value} onChange={onPick} className="sr-only" />
      {label}
    </label>
  );

  return (
    <div className="flex flex-col gap-3" data-testid="period-picker">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <fieldset className="min-w-0">
          <legend className="sr-only">{m['period.legend']}</legend>
          <div className="inline-flex flex-wrap gap-1 rounded-lg border border-line bg-surface p-1">
            {presetDays.map((days) =>
              option(String(days), presetLabel(m, days), () => {
                setCustom(false);
                setProblem('');
                onChange({ days });
              }),
            )}
            {option('custom', m['period.custom'], () => {
              setCustom(true);
              setFrom(range.from);
              setTo(range.to);
            })}
          </div>
        </fieldset>
        <p className="flex items-center gap-2 text-sm text-muted" aria-live="polite">
          <span>{m['period.showing'].replace('{from}', formatDay(lang, range.from)).replace('{to}', formatDay(lang, range.to))}</span>
          {busy && <SpinnerIcon className="size-4 text-brand" />}
        </p>
      </div>
      {custom && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface p-3" aria-label={m['period.custom']}>
          <div>
            <label htmlFor={`${id}-from`} className="text-sm font-semibold">
              {m['period.from']}
            </label>
            <input id={`${id}-from`} type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} className={`${inputClass} py-2`} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="text-sm font-semibold">
              {m['period.to']}
            </label>
            <input id={`${id}-to`} type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} className={`${inputClass} py-2`} aria-invalid={problem ? true : undefined} aria-describedby={problem ? `${id}-problem` : undefined} />
          </div>
          <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-on-brand hover:bg-brand-strong">
            {m['period.apply']}
          </button>
          <p id={`${id}-problem`} role="alert" className="w-full text-sm font-medium text-danger empty:hidden">
            {problem}
          </p>
        </form>
      )}
    </div>
  );
}
