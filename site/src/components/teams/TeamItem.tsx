import { useId, useState, type SubmitEvent } from 'react';
import type { Lang } from '../../i18n';
import { errorText } from '../../lib/api-errors';
import { fill, formatAmount, looksLikeEmail } from '../../lib/format';
import { progressPercent } from '../../lib/fundraiser';
import type { AuthUser } from '../../stores/auth';
import { useConfirm } from '../ConfirmDialog';
import { FormAlert, secondaryButtonClass, SubmitButton, TextField } from '../forms';
import type { MemberView, TeamApi, TeamMessages, TeamView } from './team-data';
import { TeamForm } from './TeamForm';

type Props = {
  lang: Lang;
  team: TeamView;
  user: AuthUser;
  /** The fundraiser's organiser (or an admin): runs every team, removes teams, names co-organisers. */
  organiser: boolean;
  /** The organiser captains this team: the one where co-organisers are named. */
  organiserLeads: boolean;
  joinable: boolean;
  messages: TeamMessages;
  api: TeamApi;
  onJoin: () => void;
  onChange: (notice: string) => Promise<void>;
};

const smallButton = 'min-h-11 cursor-pointer rounded-lg px-3 py-2 text-sm font-semibold underline underline-offset-4 hover:bg-sunken';
const initial = (name: string) => [...name.trim()][0] ?? '?';

/** A team in the list: its progress and members; for its captain and the organiser, the means to run it. */
export function TeamItem({ lang, team, user, organiser, organiserLeads, joinable, messages: m, api, onJoin, onChange }: Props) {
  const runs = organiser || team.members.some((member) => member.userId === user.id && member.role === 'CAPTAIN');
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState('');
  const { ask, dialog } = useConfirm(m.cancel);
  const raised = formatAmount(lang, team.raisedAmount, team.currency);
  const percent = team.goalAmount === null ? null : progressPercent(team.raisedAmount, team.goalAmount);

  const act = async (action: () => Promise<unknown>, notice: string) => {
    setProblem('');
    try {
      await action();
      await onChange(notice);
    } catch (error) {
      setProblem(errorText(error, m));
    }
  };
  const removeMember = async (member: MemberView) => {
    if (!(await ask({ title: fill(m.removeTitle, { name: member.name }), text: m.removeConfirm, confirm: m.remove, danger: true }))) return;
    await act(() => api.removeMemberById(team.id, member.id), fill(m.removed, { name: member.name }));
  };
  const removeTeam = async () => {
    if (!(await ask({ title: m.removeTeamTitle, text: m.removeTeamConfirm, confirm: m.removeTeam, danger: true }))) return;
    await act(() => api.remove(team.id), m.teamRemoved);
  };

  return (
    <li className="rounded-xl border border-line bg-surface p-4 sm:p-5" aria-labelledby={`team-${team.id}`} data-testid="team">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`team-${team.id}`} className="min-w-0 text-lg font-bold break-words">
          {team.name}
        </h3>
        {joinable && (
          <button type="button" className={`${secondaryButtonClass} min-h-11 py-2 text-sm`} onClick={onJoin}>
            {m.join}
          </button>
        )}
      </div>
      {team.description && <p className="mt-1 whitespace-pre-line">{team.description}</p>}
      <p className="mt-2">
        <span className="font-bold">
          {team.goalAmount === null ? fill(m.raised, { raised }) : fill(m.raisedOfGoal, { raised, goal: formatAmount(lang, team.goalAmount, team.currency) })}
        </span>
      </p>
      {percent !== null && (
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-sunken" aria-hidden="true">
          <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
        </div>
      )}

      <h4 className="mt-4 text-sm font-semibold text-muted">{m.members}</h4>
      <ol className="mt-1 divide-y divide-line" data-testid="team-members">
        {team.members.map((member, rank) => (
          <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="w-6 shrink-0 text-sm font-bold text-muted">{rank + 1}.</span>
            {member.imageUrl ? (
              <img src={member.imageUrl} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
            ) : (
              <span className="grid size-8 place-items-center rounded-full bg-sunken text-sm font-bold" aria-hidden="true">
                {initial(member.name)}
              </span>
            )}
            <span className="min-w-0 flex-1">
              <span className="font-medium">{member.name}</span>
              {member.role !== 'MEMBER' && <span className="ms-2 rounded bg-sunken px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap">{m[`role.${member.role}`]}</span>}
              {member.email && <span className="block truncate text-sm text-muted">{member.email}</span>}
            </span>
            <span className="text-end">
              <span className="block font-semibold">{formatAmount(lang, member.raisedAmount, team.currency)}</span>
            </span>
            {runs && member.userId !== user.id && member.role !== 'CAPTAIN' && (
              <button type="button" className={`${smallButton} text-danger`} onClick={() => removeMember(member)}>
                {m.remove}
                <span className="sr-only">: {member.name}</span>
              </button>
            )}
          </li>
        ))}
      </ol>

      {runs && team.invitations && team.invitations.length > 0 && (
        <>
          <h4 className="mt-4 text-sm font-semibold text-muted">{m.invitations}</h4>
          <ul className="mt-1 divide-y divide-line" data-testid="team-invitations">
            {team.invitations.map((invitation) => (
              <li key={invitation.email} className="flex flex-wrap items-center gap-x-3 py-2">
                <span className="min-w-0 flex-1 truncate">{invitation.email}</span>
                <span className="rounded bg-sunken px-1.5 py-0.5 text-xs font-semibold">{m[`status.${invitation.status}`]}</span>
                <button type="button" className={smallButton} onClick={() => act(() => api.removeMember(team.id, invitation.email), fill(m.withdrawn, { email: invitation.email }))}>
                  {m.withdraw}
                  <span className="sr-only">: {invitation.email}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="mt-3">
        <FormAlert message={problem} />
      </div>
      {runs && <InviteForm team={team} coOrganisers={organiser && organiserLeads} messages={m} api={api} onChange={onChange} />}
      {runs && !editing && (
        <div className="mt-4 flex flex-wrap gap-3 border-t border-line pt-4">
          <button type="button" className={secondaryButtonClass} onClick={() => setEditing(true)}>
            {m.edit}
          </button>
          {organiser && (
            <button type="button" className={`${secondaryButtonClass} border-danger text-danger`} onClick={removeTeam}>
              {m.removeTeam}
            </button>
          )}
        </div>
      )}
      {editing && (
        <div className="mt-4">
          <TeamForm
            lang={lang}
            fundraiser={team}
            team={team}
            messages={m}
            onSave={(fields) => api.edit(team.id, fields)}
            onDone={async () => {
              setEditing(false);
              await onChange(m.saved);
            }}
            onCancel={() => setEditing(false)}
          />
        </div>
      )}
      {dialog}
    </li>
  );
}

function InviteForm({ team, coOrganisers, messages: m, api, onChange }: { team: TeamView; coOrganisers: boolean; messages: TeamMessages; api: TeamApi; onChange: (notice: string) => Promise<void> }) {
  const id = useId();
  // Open at once for a team of one (its captain, asking nobody yet); behind its button once people are on it.
  const [shown, setShown] = useState(team.memberCount <= 1 && (team.invitations?.length ?? 0) === 0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!shown) {
    return (
      <div className="mt-4 border-t border-line pt-4">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            setShown(true);
            requestAnimationFrame(() => document.getElementById(`${id}-email`)?.focus());
          }}
        >
          {m.inviteTitle}
        </button>
      </div>
    );
  }
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('email') ?? '').trim();
    if (!looksLikeEmail(email)) {
      setError(m.badEmail);
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const answer = await api.invite(team.id, email, data.has('coOrganiser'));
      form.reset();
      await onChange(fill(answer.status === 'MEMBER' ? m.alreadyMember : m.invited, { email: answer.email }));
    } catch (failure) {
      setError(errorText(failure, m));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mt-4 space-y-3 border-t border-line pt-4" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="font-semibold">
        {m.inviteTitle}
      </h4>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <TextField id={`${id}-email`} name="email" type="email" autoComplete="off" label={m.inviteEmail} hint={m.inviteHint} error={error} className="flex-1" />
      </div>
      {coOrganisers && (
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="coOrganiser" className="size-5" />
          {m.inviteCoOrganiser}
        </label>
      )}
      <SubmitButton busy={busy} label={m.invite} busyLabel={m.inviting} />
    </form>
  );
}
