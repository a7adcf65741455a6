import { LockMode, type EntityManager } from '@mikro-orm/core';
import { UserSchema, type UserLanguage } from './user.entity.ts';

/** What other modules read and change of people's rows, so that none of them reaches into the table. */

/** Whether anybody has an account: the demo data goes only into a database nobody uses. */
export async function hasUsers(em: EntityManager): Promise<boolean> {
  return (await em.count(UserSchema)) > 0;
}

export async function userExists(em: EntityManager, id: number): Promise<boolean> {
  return (await em.count(UserSchema, { id })) > 0;
}

/** The account an address belongs to, if any, with the language its mail goes out in. */
export async function userByEmail(em: EntityManager, email: string): Promise<{ id: number; language: UserLanguage } | null> {
  const user = await em.findOne(UserSchema, { email }, { fields: ['id', 'language'] });
  return user ? { id: user.id, language: user.language } : null;
}

/** Takes the write lock on a person's row for the rest of the caller's transaction: one avatar change at a time. */
export async function lockUserRow(tx: EntityManager, id: number): Promise<void> {
  await tx.findOne(UserSchema, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
}

/** Makes `mediaId` the person's avatar, written with the caller's flush. */
export async function setAvatar(em: EntityManager, userId: number, mediaId: number): Promise<void> {
  (await em.findOneOrFail(UserSchema, { id: userId })).avatarMediaId = mediaId;
}

/** Forgets the avatar `mediaId` if it is still the person's (it may have been replaced since), written with the caller's flush. */
export async function dropAvatar(em: EntityManager, userId: number, mediaId: number): Promise<void> {
  const user = await em.findOne(UserSchema, { id: userId });
  if (user?.avatarMediaId === mediaId) user.avatarMediaId = null;
}
