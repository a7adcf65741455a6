import type { GuardMessages } from '../../../components/account/guard';
import { localizedPath, t, type Lang } from '../../../i18n';

/** What every guarded screen's island needs: the guard's wording and where to send visitors. */
export function guardMessages(lang: Lang): GuardMessages {
  return {
    loading: t(lang, 'account.loading'),
    checkFailed: t(lang, 'account.checkFailed'),
    retry: t(lang, 'account.retry'),
    signedOut: t(lang, 'account.signedOut'),
  };
}

export function guardPaths(lang: Lang) {
  return { login: localizedPath(lang, '/login'), home: localizedPath(lang, '/') };
}
