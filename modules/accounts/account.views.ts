import type { EntityManager } from '@mikro-orm/core';
import type { PublicUserView, UserView } from './account.schemas.ts';
import type { User } from './user.entity.ts';

/**
 * The address of the small rendition of avatar image `mediaId`, null when it is gone (given by
 * the composition root: media depends on this module).
 */
export type AvatarUrl = (em: EntityManager, mediaId: number) => Promise<string | null>;

export async function userView(em: EntityManager, user: User, avatarUrl: AvatarUrl): Promise<UserView> {
  if (user.location) await em.populate(user, ['location']);
  const l = user.location;
  const avatarMediaId = user.avatarMediaId ?? null;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    admin: user.admin,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    language: user.language,
    commentEmails: user.commentEmails,
    phone: user.phone ?? null,
    bio: user.bio ?? null,
    locationId: l?.id ?? null,
    location: l ? { id: l.id, city: l.city, cityAm: l.cityAm, region: l.region, regionAm: l.regionAm } : null,
    avatarMediaId,
    // The picture itself, so that a page showing the user needs no second request for it.
    avatarUrl: avatarMediaId === null ? null : await avatarUrl(em, avatarMediaId),
    googleLinked: Boolean(user.googleSubject),
    createdAt: user.createdAt.toISOString(),
  };
}

export function publicUserView(user: User): PublicUserView {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, avatarMediaId: user.avatarMediaId ?? null };
}
