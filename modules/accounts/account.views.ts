import type { EntityManager } from '@mikro-orm/core';
import type { LocationView } from '../catalogue/index.ts';
import type { User, UserLanguage } from './user.entity.ts';

/** What the user themself (or an admin) sees. Never a hash, never the Google subject. */
export interface UserView {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  admin: boolean;
  emailVerified: boolean;
  language: UserLanguage;
  phone: string | null;
  bio: string | null;
  locationId: number | null;
  location: LocationView | null;
  avatarMediaId: number | null;
  googleLinked: boolean;
  createdAt: string;
}

/** What anybody may see of a user, e.g. as a fundraiser's organiser. */
export interface PublicUserView {
  id: number;
  firstName: string;
  lastName: string;
  avatarMediaId: number | null;
}

export async function userView(em: EntityManager, user: User): Promise<UserView> {
  if (user.location) await em.populate(user, ['location']);
  const l = user.location;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    admin: user.admin,
    emailVerified: user.emailVerifiedAt !== null && user.emailVerifiedAt !== undefined,
    language: user.language,
    phone: user.phone ?? null,
    bio: user.bio ?? null,
    locationId: l?.id ?? null,
    location: l ? { id: l.id, city: l.city, cityAm: l.cityAm, region: l.region, regionAm: l.regionAm } : null,
    avatarMediaId: user.avatarMediaId ?? null,
    googleLinked: Boolean(user.googleSubject),
    createdAt: user.createdAt.toISOString(),
  };
}

export function publicUserView(user: User): PublicUserView {
  return { id: user.id, firstName: user.firstName, lastName: user.lastName, avatarMediaId: user.avatarMediaId ?? null };
}
