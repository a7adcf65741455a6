import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { Lang } from '../../i18n';
import { fill } from '../../lib/format';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-errors';
import type { Fundraiser } from '../../lib/fundraiser';
import { $auth, ensureAuth, type AuthUser } from '../../stores/auth';
import { Guard, type GuardMessages } from '../account/guard';
import { FormAlert, Notice, primaryButtonClass, secondaryButtonClass } from '../forms';
import { Spinner } from '../Spinner';
import { MyTeam } from './MyTeam';
import { TeamForm } from './TeamForm';
import { TeamItem } from './TeamItem';
import { teamApi, type InvitationPreview, type TeamMessages, type TeamView } from './team-data';

type Props = {
  lang: Lang;
  fundraiserId: number;
  guard: GuardMessages;
  messages: TeamMessages;
  paths: { login: string; register: string; home: string; fundraiser: string };
};

/**
 * The teams page (`/fundraiser/:id/team`). With `?invitation=<token>` (the link of an
 * invitation mail) it first shows what the invitation is for, to anybody holding the link,
 * and accepts it for its addressee; otherwise it is a signed-in screen: the member's own link
 * and donors, the teams, and for captains and the organiser the means to run them.
 */
export default function TeamPage(props: Props) {
  const [token, setToken] = useState(() => new URLSearchParams(location.search).get('invitation'));
  const [welcome, setWelcome] = useState('');
  if (token) {
    return (
      <InvitationCard
        {...props}
        token={token}
        onAccepted={() => {
          // The token is used up: the address loses it, and a reload shows the teams.
          history.replaceState(null, '', location.pathname);
          setWelcome(props.messages.accepted);
          setToken(null);
        }}
      />
    );
  }
  return (
    <Guard lang={props.lang} loginPath={props.paths.login} homePath={props.paths.home} messages={props.guard}>
      {(user) => <Teams {...props} user={user} welcome={welcome} />}
    </Guard>
  );
}

function InvitationCard({ lang, messages: m, paths, token, onAccepted }: Props & { token: string; onAccepted: () => void }) {
  const auth = useStore($auth);
  const [invitation, setInvitation] = useState<InvitationPreview | 'gone' | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const api = teamApi(lang);

  useEffect(() => {
    void ensureAuth(lang).catch(() => undefined);
    api
      .invitation(token)
      .then(setInvitation)
      .catch(() => setInvitation('gone'));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token
  }, [token]);

  if (invitation === null || !auth.isInitialized) return <Spinner label={m.loading} />;
  if (invitation === 'gone') return <FormAlert message={m.invitationGone} />;

  const back = `${location.pathname}${location.search}`;
  const signedInAs = auth.isLoggedIn ? (auth.user?.email ?? '') : null;
  const accept = async () => {
    setBusy(true);
    setProblem('');
    try {
      await api.accept(token);
      onAccepted();
    } catch (error) {
      setProblem(errorText(error, m));
      setBusy(false);
    }
  };

  return (
    <section className="rounded-xl border-2 border-brand bg-surface p-5 sm:p-6" aria-labelledby="invitation-title" data-testid="team-invitation">
      <h2 id="invitation-title" className="text-xl font-bold">
        {m.invitationTitle}
      </h2>
      <p className="mt-3 text-lg">{fill(m.invitationText, { inviter: invitation.inviterName ?? '', team: invitation.teamName, title: invitation.fundraiserTitle })}</p>
      {invitation.role === 'CO_ORGANISER' && <p className="mt-2">{m.invitationCoOrganiser}</p>}
      <p className="mt-2 text-muted">{fill(m.invitationFor, { email: invitation.email })}</p>
      <div className="mt-4">
        <FormAlert message={problem} />
      </div>
      {signedInAs === null ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <a className={primaryButtonClass} href={`${paths.login}?redirect=${encodeURIComponent(back)}`}>
            {m.signInToAccept}
          </a>
          <a className={secondaryButtonClass} href={`${paths.register}?redirect=${encodeURIComponent(back)}`}>
            {m.registerToAccept}
          </a>
        </div>
      ) : signedInAs.toLowerCase() !== invitation.email ? (
        <p className="mt-4 font-medium">{fill(m.otherAccount, { email: signedInAs })}</p>
      ) : (
        <button type="button" className={`${primaryButtonClass} mt-4`} onClick={accept} disabled={busy}>
          {busy ? m.accepting : m.accept}
        </button>
      )}
    </section>
  );
}

function Teams({ lang, fundraiserId, messages: m, user, welcome }: Props & { user: AuthUser; welcome: string }) {
  const api = teamApi(lang);
  const [fundraiser, setFundraiser] = useState<Fundraiser | null>(null);
  const [teams, setTeams] = useState<TeamView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState(welcome);
  const [joinId, setJoinId] = useState(() => Number(new URLSearchParams(location.search).get('join')) || null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [f, list] = await Promise.all([apiFetch<Fundraiser>(`/api/fundraisers/${fundraiserId}`, { lang }), api.teams(fundraiserId)]);
      setFundraiser(f);
      setTeams(list);
    } catch {
      setFailed(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the api object is remade each render; its inputs are these
  }, [fundraiserId, lang]);
  useEffect(() => void load(), [load]);

  if (failed) {
    return (
      <div className="space-y-4">
        <FormAlert message={m.loadFailed} />
        <button type="button" className={secondaryButtonClass} onClick={() => void load()}>
          {m.retry}
        </button>
      </div>
    );
  }
  if (!fundraiser || !teams) return <Spinner label={m.loading} />;

  const manages = fundraiser.viewerCanManage;
  const mine = teams.filter((team) => team.members.some((member) => member.userId === user.id));
  const canStart = fundraiser.status === 'ACTIVE' && (manages || fundraiser.teamsOpen);
  const toJoin = joinId === null ? null : (teams.find((team) => team.id === joinId && !mine.includes(team)) ?? null);
  const changed = async (message: string) => {
    setNotice(message);
    await load();
  };

  return (
    <div className="space-y-8">
      <h2 className="text-xl font-bold break-words">{fundraiser.title}</h2>
      {notice && (
        <p role="status" className="rounded-lg border-2 border-brand bg-surface p-4 font-medium">
          {notice}
        </p>
      )}
      {toJoin && fundraiser.teamsOpen && (
        <JoinCard
          team={toJoin}
          messages={m}
          onJoin={async () => {
            await api.join(toJoin.id);
            setJoinId(null);
            history.replaceState(null, '', location.pathname);
            await changed(m.joined);
          }}
          onCancel={() => setJoinId(null)}
        />
      )}
      {mine.map((team) => (
        <MyTeam key={team.id} lang={lang} team={team} fundraiser={fundraiser} user={user} messages={m} api={api} onChange={changed} />
      ))}
      <section aria-labelledby="all-teams-title">
        <h2 id="all-teams-title" className="text-2xl font-bold">
          {m.title} <span className="text-muted">({teams.length})</span>
        </h2>
        <p className="mt-2 text-muted">{m.intro}</p>
        {teams.length === 0 && <p className="mt-4">{m.none}</p>}
        <ol className="mt-4 space-y-4">
          {teams.map((team) => (
            <TeamItem
              key={team.id}
              lang={lang}
              team={team}
              user={user}
              organiser={manages}
              joinable={fundraiser.teamsOpen && fundraiser.status === 'ACTIVE' && !mine.includes(team)}
              organiserLeads={team.members.some((member) => member.userId === fundraiser.owner.id && member.role === 'CAPTAIN')}
              messages={m}
              api={api}
              onJoin={() => setJoinId(team.id)}
              onChange={changed}
            />
          ))}
        </ol>
      </section>
      {canStart ? (
        <TeamForm lang={lang} fundraiser={fundraiser} messages={m} open={teams.length === 0} onSave={(body) => api.create({ ...body, fundraiserId, creatorId: user.id })} onDone={() => changed(m.created)} />
      ) : (
        manages && fundraiser.status !== 'ACTIVE' && <p className="text-muted">{m.fundraiserClosed}</p>
      )}
    </div>
  );
}

function JoinCard({ team, messages: m, onJoin, onCancel }: { team: TeamView; messages: TeamMessages; onJoin: () => Promise<void>; onCancel: () => void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  return (
    <Notice title={fill(m.joinTitle, { team: team.name })}>
      <p className="mt-2">{m.joinText}</p>
      <div className="mt-3">
        <FormAlert message={problem} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={primaryButtonClass}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onJoin();
            } catch (error) {
              setProblem(errorText(error, m));
              setBusy(false);
            }
          }}
        >
          {m.join}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          {m.cancel}
        </button>
      </div>
    </Notice>
  );
}
