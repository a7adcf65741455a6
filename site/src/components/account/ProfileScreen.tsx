import type { Lang, MessagesFor } from '../../i18n';
import { dateFormat } from '../../lib/format';
import type { AuthUser } from '../../stores/auth';
import { Avatar } from './Avatar';
import { Guard, type GuardMessages } from './guard';
import { MyFundraisers, type MyFundraisersMessages } from './MyFundraisers';

export type ProfileMessages = MessagesFor<'account.profile.'> & {
  fundraisersTitle: string;
  english: string;
  amharic: string;
  fundraisers: MyFundraisersMessages;
};

type Props = {
  lang: Lang;
  guard: GuardMessages;
  messages: ProfileMessages;
  paths: { login: string; home: string; edit: string; create: string; fundraiser: string; editFundraiser: string };
};

/** /profile: who the visitor is, and their fundraisers. */
export default function ProfileScreen({ lang, guard, messages, paths }: Props) {
  return (
    <Guard lang={lang} loginPath={paths.login} homePath={paths.home} messages={guard}>
      {(user) => <Profile lang={lang} user={user} messages={messages} paths={paths} />}
    </Guard>
  );
}

function Profile({ lang, user, messages: m, paths }: { lang: Lang; user: AuthUser; messages: ProfileMessages; paths: Props['paths'] }) {
  const location = user.location ? (lang === 'am' ? user.location.cityAm : user.location.city) : null;
  const since = dateFormat(lang, { dateStyle: 'long' }).format(new Date(user.createdAt));
  const rows: { label: string; value: string | null; lang?: string }[] = [
    { label: m.phone, value: user.phone },
    { label: m.location, value: location },
    { label: m.language, value: user.language === 'am' ? m.amharic : m.english },
    { label: m.memberSince, value: since },
  ];
  return (
    <div className="space-y-10">
      <section aria-labelledby="profile-name" className="rounded-xl border border-line bg-surface p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-4">
            <Avatar user={user} className="size-16 shrink-0 text-xl sm:size-20 sm:text-2xl" />
            <div>
              <h2 id="profile-name" className="text-2xl font-bold">
                {user.firstName} {user.lastName}
              </h2>
              <p className="break-all text-muted">
                <span className="sr-only">{m.email}: </span>
                {user.email}{' '}
                <span className={`ms-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${user.emailVerified ? 'bg-accent text-on-accent' : 'border border-danger text-danger'}`}>
                  {user.emailVerified ? m.verified : m.unverified}
                </span>
              </p>
              {user.admin && <p className="mt-1 text-sm font-semibold">{m.admin}</p>}
            </div>
          </div>
          <a href={paths.edit} className="rounded-lg border-2 border-brand px-4 py-2 font-semibold text-ink hover:bg-sunken">
            {m.edit}
          </a>
        </div>
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          {rows.map((row) => (
            <div key={row.label}>
              <dt className="text-sm font-semibold text-muted">{row.label}</dt>
              <dd className={row.value ? '' : 'text-muted italic'}>{row.value ?? m.notSet}</dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-sm font-semibold text-muted">{m.bio}</dt>
            <dd className={user.bio ? 'whitespace-pre-line' : 'text-muted italic'}>{user.bio ?? m.notSet}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="my-fundraisers">
        <h2 id="my-fundraisers" className="text-2xl font-bold">
          {m.fundraisersTitle}
        </h2>
        <MyFundraisers lang={lang} userId={user.id} messages={m.fundraisers} paths={{ create: paths.create, fundraiser: paths.fundraiser, edit: paths.editFundraiser }} />
      </section>
    </div>
  );
}
