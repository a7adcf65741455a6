import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { errorText } from '../../lib/api-errors';
import { dateFormat, fill, formatAmount } from '../../lib/format';
import { anonymousName } from '../../lib/donation';
import { shareButtons, shareLinks, type Fundraiser } from '../../lib/fundraiser';
import type { AuthUser } from '../../stores/auth';
import { useConfirm } from '../ConfirmDialog';
import { FieldError, FormAlert, inputClass, secondaryButtonClass, SubmitButton } from '../forms';
import type { CreditedDonation, TeamApi, TeamMessages, TeamView } from './team-data';

type Props = { lang: Lang; team: TeamView; fundraiser: Fundraiser; user: AuthUser; messages: TeamMessages; api: TeamApi; onChange: (notice: string) => Promise<void> };

const shareClass = 'inline-flex min-h-11 items-center rounded-lg border border-line px-3 py-2 text-sm font-semibold text-ink hover:bg-sunken';

/** A member's own corner of a team: their link to share, what came through it, and leaving. */
export function MyTeam({ lang, team, fundraiser, user, messages: m, api, onChange }: Props) {
  const me = team.members.find((member) => member.userId === user.id)!;
  const link = me.referralUrl ?? '';
  const links = shareLinks(link, fundraiser.title);
  const [copied, setCopied] = useState(false);
  const [donors, setDonors] = useState<CreditedDonation[] | null>(null);
  const [problem, setProblem] = useState('');
  const { ask, dialog } = useConfirm(m.cancel);
  const dates = dateFormat(lang, { dateStyle: 'medium' });

  useEffect(() => {
    api.credits(team.id).then(setDonors, () => setDonors([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per team and total
  }, [team.id, me.donationCount]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // Older browsers or a denied permission: the link is there to copy by hand.
      window.prompt('', link);
      return;
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2500);
  };

  const leave = async () => {
    if (!(await ask({ title: m.leaveTitle, text: m.leaveConfirm, confirm: m.leave, danger: true }))) return;
    try {
      await api.removeMember(team.id, user.email);
      await onChange(m.left);
    } catch (error) {
      setProblem(errorText(error, m));
    }
  };

  return (
    <section className="rounded-xl border-2 border-brand bg-surface p-5 sm:p-6" aria-labelledby={`mine-${team.id}`} data-testid="my-team">
      <h2 id={`mine-${team.id}`} className="text-xl font-bold break-words">
        {fill(m.yourTeam, { team: team.name })}
      </h2>
      <p className="mt-1 text-lg">
        <span className="font-bold">{fill(m.youRaised, { amount: formatAmount(lang, me.raisedAmount, team.currency) })}</span>
      </p>

      <h3 className="mt-4 font-semibold">{m.yourLink}</h3>
      <p className="text-sm text-muted">{m.yourLinkHint}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <input className={`${inputClass} mt-0 font-mono text-sm`} value={link} readOnly aria-label={m.yourLink} onFocus={(event) => event.currentTarget.select()} data-testid="referral-link" />
        <button type="button" className={`${secondaryButtonClass} shrink-0`} onClick={copy}>
          {copied ? m.copied : m.copy}
        </button>
      </div>
      <p className="sr-only" role="status">
        {copied ? m.copied : ''}
      </p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {shareButtons.map(([key, name]) => (
          <li key={key}>
            <a className={shareClass} href={links[key]} target="_blank" rel="noopener noreferrer">
              {name}
              <span className="sr-only"> {m.newWindow}</span>
            </a>
          </li>
        ))}
        <li>
          <a className={shareClass} href={links.email}>
            {m.email}
          </a>
        </li>
      </ul>

      <h3 className="mt-6 font-semibold">{m.yourDonors}</h3>
      {donors === null ? null : donors.length === 0 ? (
        <p className="mt-1 text-muted">{m.noDonors}</p>
      ) : (
        <ol className="mt-2 divide-y divide-line" data-testid="my-donors">
          {donors.map((donation) => (
            <li key={donation.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="font-medium">{donation.name === anonymousName ? m.anonymous : donation.name}</span>
              <span className="flex items-baseline gap-3">
                {donation.amount !== null && <span className="font-bold">{formatAmount(lang, donation.amount, donation.currency)}</span>}
                <time className="text-sm text-muted" dateTime={donation.createdAt}>
                  {dates.format(new Date(donation.createdAt))}
                </time>
              </span>
            </li>
          ))}
        </ol>
      )}

      {me.role === 'CO_ORGANISER' && <UpdateForm fundraiserId={fundraiser.id} messages={m} api={api} />}

      <div className="mt-6 border-t border-line pt-4">
        <FormAlert message={problem} />
        <button type="button" className="mt-2 min-h-11 cursor-pointer text-sm font-semibold text-danger underline underline-offset-4" onClick={leave}>
          {m.leave}
        </button>
      </div>
      {dialog}
    </section>
  );
}

/** A co-organiser posts updates on the fundraiser from here (the organiser's own panel is on its page). */
function UpdateForm({ fundraiserId, messages: m, api }: { fundraiserId: number; messages: TeamMessages; api: TeamApi }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const [done, setDone] = useState('');
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const content = String(new FormData(form).get('content') ?? '').trim();
    if (!content) return;
    setBusy(true);
    setProblem('');
    setDone('');
    try {
      await api.postUpdate(fundraiserId, content);
      form.reset();
      setDone(m.posted);
    } catch (error) {
      setProblem(errorText(error, m));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-6 space-y-2 border-t border-line pt-4" onSubmit={submit}>
      <label htmlFor={`${id}-update`} className="font-semibold">
        {m.updateLabel}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {m.updateHint}
      </p>
      <textarea id={`${id}-update`} name="content" rows={4} maxLength={5000} required className={inputClass} aria-describedby={`${id}-hint`} />
      <FieldError id={`${id}-error`} message={problem || undefined} />
      <p role="status" className="text-sm font-medium">
        {done}
      </p>
      <SubmitButton busy={busy} label={m.postUpdate} busyLabel={m.posting} />
    </form>
  );
}
