import type { User } from '../accounts/index.ts';
import type { Fundraiser } from './fundraiser.entity.ts';

/**
 * Who manages a fundraiser: its organiser and admins (CONTEXT.md). The one place this rule
 * lives; the API tells the site the answer (`viewerCanManage`) rather than the site asking it again.
 */
export function mayManage(f: Fundraiser, viewer: User | null): viewer is User {
  return !!viewer && (viewer.admin || f.owner.id === viewer.id);
}
