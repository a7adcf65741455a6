import { Forbidden, Unauthorized, type AppContext } from '../../kernel/http/index.ts';
import { UserSchema, type User } from './user.entity.ts';

const loaded = new WeakMap<AppContext, Promise<User | null>>();

/**
 * The signed-in user of this request (loaded once per request, never kept across requests),
 * or null. A disabled account's session ends here, at its first request after the disable
 * (which deleted the sessions it knew of; this catches one started at that very moment).
 */
export function currentUser(ctx: AppContext): Promise<User | null> {
  let user = loaded.get(ctx);
  if (!user) {
    const userId = ctx.state.session?.current?.userId;
    user = userId ? loadActive(ctx, userId) : Promise.resolve(null);
    loaded.set(ctx, user);
  }
  return user;
}

async function loadActive(ctx: AppContext, userId: number): Promise<User | null> {
  const user = await ctx.state.em.findOne(UserSchema, { id: userId });
  if (user && !user.disabledAt) return user;
  await ctx.state.session.end();
  return null;
}

/** 401 when nobody is signed in. */
export async function requireUser(ctx: AppContext): Promise<User> {
  const user = await currentUser(ctx);
  if (!user) throw new Unauthorized();
  return user;
}

/** 401 when nobody is signed in, 403 for a signed-in user without the admin flag. */
export async function requireAdmin(ctx: AppContext): Promise<User> {
  const user = await requireUser(ctx);
  if (!user.admin) throw new Forbidden();
  return user;
}

/** After sign-in or sign-out the cached answer is stale. */
export function forgetCurrentUser(ctx: AppContext): void {
  loaded.delete(ctx);
}
