import type { Lang } from '../../i18n';
import { Guard, type GuardMessages } from './guard';

type Props = {
  lang: Lang;
  admin?: boolean;
  guard: GuardMessages;
  messages: { soon: string; text: string };
  paths: { login: string; home: string };
};

/** The signed-in screens still to come (My Reports, the admin area): guarded already. */
export default function PlaceholderScreen({ lang, admin, guard, messages, paths }: Props) {
  return (
    <Guard lang={lang} admin={admin} loginPath={paths.login} homePath={paths.home} messages={guard}>
      {() => (
        <div className="rounded-xl border-2 border-dashed border-line px-6 py-10 text-center">
          <p className="inline-block rounded-full bg-accent px-3 py-1 text-sm font-semibold text-on-accent">{messages.soon}</p>
          <p className="mx-auto mt-4 max-w-xl text-muted">{messages.text}</p>
        </div>
      )}
    </Guard>
  );
}
