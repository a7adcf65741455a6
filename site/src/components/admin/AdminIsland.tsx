import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { Lang } from '../../i18n';
import { Guard, type GuardMessages } from '../account/guard';
import { secondaryButtonClass } from '../forms';
import { Spinner } from '../Spinner';
import type { AdminPaths, AdminScreen, ScreenMessages } from './messages';

// Each screen is a chunk of its own, fetched only once the guard has seen an admin: anyone
// else who opens an /admin/ address downloads this file and none of the admin area's code.
const DashboardScreen = lazy(() => import('./DashboardScreen'));
const FlagsScreen = lazy(() => import('./FlagsScreen'));
const FundraisersScreen = lazy(() => import('./FundraisersScreen'));
const DonationsScreen = lazy(() => import('./DonationsScreen'));
const UsersScreen = lazy(() => import('./UsersScreen'));
const MailScreen = lazy(() => import('./MailScreen'));
const SiteScreen = lazy(() => import('./SiteScreen'));
const AuditScreen = lazy(() => import('./AuditScreen'));

type Shared = { lang: Lang; guard: GuardMessages; paths: AdminPaths };
export type AdminIslandProps = { [N in AdminScreen]: Shared & { screen: N; messages: ScreenMessages<N> } }[AdminScreen];

/** The one island of every admin page: the admin guard, then the page's screen. */
export default function AdminIsland(props: AdminIslandProps) {
  return (
    <Guard lang={props.lang} admin loginPath={props.paths.login} homePath={props.paths.home} messages={props.guard}>
      {(user) => (
        <ScreenFailed message={props.messages['common.screenFailed']} retry={props.guard.retry}>
          <Suspense fallback={<Spinner label={props.guard.loading} />}>
            <ScreenFor {...props} me={user.id} />
          </Suspense>
        </ScreenFailed>
      )}
    </Guard>
  );
}

function ScreenFor(props: AdminIslandProps & { me: number }) {
  const { lang, paths } = props;
  switch (props.screen) {
    case 'dashboard':
      return <DashboardScreen lang={lang} paths={paths} m={props.messages} />;
    case 'flags':
      return <FlagsScreen lang={lang} paths={paths} m={props.messages} />;
    case 'fundraisers':
      return <FundraisersScreen lang={lang} paths={paths} m={props.messages} />;
    case 'donations':
      return <DonationsScreen lang={lang} paths={paths} m={props.messages} />;
    case 'users':
      return <UsersScreen lang={lang} me={props.me} m={props.messages} />;
    case 'mail':
      return <MailScreen lang={lang} m={props.messages} />;
    case 'site':
      return <SiteScreen lang={lang} m={props.messages} />;
    case 'audit':
      return <AuditScreen lang={lang} m={props.messages} />;
  }
}

/** A screen's code that did not arrive (a dropped connection, a deploy since the page loaded): say so, and offer a reload. */
class ScreenFailed extends Component<{ message: string; retry: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-xl border-2 border-danger bg-surface p-5">
        <p className="font-medium">{this.props.message}</p>
        <button type="button" onClick={() => location.reload()} className={`${secondaryButtonClass} mt-4`}>
          {this.props.retry}
        </button>
      </div>
    );
  }
}
