import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { containing } from '../../kernel/db/index.ts';
import { destroyUserSessions } from '../sessions/index.ts';
import { AccountAlreadyThus, LastAdmin, OwnAccount, UserNotFound } from './account.errors.ts';
import { UserSchema, type User } from './user.entity.ts';

export interface UserSearch {
  /** Part of an e-mail address or name, or a user's id. */
  query?: string | undefined;
  status?: 'ADMIN' | 'DISABLED' | undefined;
  page: number;
  size: number;
}

/** Users as the admin area lists them, newest first. */
export async function searchUsers(em: EntityManager, search: UserSearch): Promise<{ users: User[]; total: number }> {
  const where: FilterQuery<User>[] = [];
  const text = search.query?.trim();
  if (text) {
    const like = containing(text);
    // A number is a user's number, not part of every address that has those digits.
    const id = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
    where.push(id ? { id } : { $or: [{ email: { $like: like.toLowerCase() } }, { firstName: { $like: like } }, { lastName: { $like: like } }] });
  }
  if (search.status === 'ADMIN') where.push({ admin: true });
  if (search.status === 'DISABLED') where.push({ disabledAt: { $ne: null } });
  const [users, total] = await em.findAndCount(UserSchema, where.length ? { $and: where } : {}, {
    orderBy: { id: 'desc' },
    limit: search.size,
    offset: search.page * search.size,
  });
  return { users, total };
}

export async function findUser(em: EntityManager, id: number): Promise<User> {
  const user = await em.findOne(UserSchema, { id });
  if (!user) throw new UserNotFound();
  return user;
}

/**
 * Before anything that could leave no admin: takes the write lock on every admin's row (an
 * update that changes nothing locks the rows it matches in InnoDB, and takes SQLite's write
 * lock), so two admins demoting each other at once go one after the other and the second
 * sees the first's change. Then answers how many admins can still sign in.
 */
async function lockedActiveAdmins(tx: EntityManager): Promise<number> {
  await tx.getConnection().execute('update `app_user` set `id` = `id` where `admin` = ?', [true], 'run', tx.getTransactionContext());
  return tx.count(UserSchema, { admin: true, disabledAt: null });
}

/**
 * Disables an account, in the caller's transaction: sign-in is refused from now on and every
 * session ends (a request already under way finishes; its next one is refused). Never the
 * caller's own, never the last admin who can sign in.
 */
export async function disableUser(tx: EntityManager, actor: User, userId: number, reason: string): Promise<User> {
  if (actor.id === userId) throw new OwnAccount();
  // Locked before anything is read: on MySQL the transaction's first plain read fixes the
  // snapshot it sees, and it must be taken after a concurrent demotion committed, not before.
  const admins = await lockedActiveAdmins(tx);
  const user = await findUser(tx, userId);
  if (user.admin && !user.disabledAt && admins <= 1) throw new LastAdmin();
  const changed = await tx.nativeUpdate(UserSchema, { id: userId, disabledAt: null }, { disabledAt: new Date(), disabledReason: reason });
  if (changed !== 1) throw new AccountAlreadyThus();
  await destroyUserSessions(tx, userId);
  return user;
}

export async function enableUser(tx: EntityManager, actor: User, userId: number): Promise<User> {
  if (actor.id === userId) throw new OwnAccount();
  const user = await findUser(tx, userId);
  const changed = await tx.nativeUpdate(UserSchema, { id: userId, disabledAt: { $ne: null } }, { disabledAt: null, disabledReason: null });
  if (changed !== 1) throw new AccountAlreadyThus();
  return user;
}

/** Grants or revokes admin, in the caller's transaction; never one's own, never the last admin. */
export async function setAdmin(tx: EntityManager, actor: User, userId: number, admin: boolean): Promise<User> {
  if (actor.id === userId) throw new OwnAccount();
  const admins = await lockedActiveAdmins(tx);
  const user = await findUser(tx, userId);
  if (!admin && user.admin && !user.disabledAt && admins <= 1) throw new LastAdmin();
  const changed = await tx.nativeUpdate(UserSchema, { id: userId, admin: !admin }, { admin });
  if (changed !== 1) throw new AccountAlreadyThus();
  return user;
}

/** Accounts made since `since`, for the admin dashboard. */
export function countUsersSince(em: EntityManager, since: Date): Promise<number> {
  return em.count(UserSchema, { createdAt: { $gte: since } });
}
