import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { LocationSchema } from '../catalogue/index.ts';

export const userLanguages = ['en', 'am'] as const;
export type UserLanguage = (typeof userLanguages)[number];

export const UserSchema = defineEntity({
  name: 'User',
  // "user" is a reserved word in several SQL dialects; a prefixed name keeps raw SQL simple.
  tableName: 'app_user',
  properties: {
    id: p.integer().primary().autoincrement(),
    /** Stored lower-cased, so uniqueness is case-insensitive on every dialect and collation. */
    email: p.string().length(254).unique(),
    /** PHC string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`); null for an account that only signs in with Google. */
    passwordHash: p.string().length(255).nullable().hidden().lazy(),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    phone: p.string().length(32).nullable(),
    bio: p.text().nullable(),
    location: p.manyToOne(LocationSchema).nullable().deleteRule('set null'),
    language: p.enum(userLanguages).default('en'),
    /** Whether they hear by e-mail of others' comments on their fundraisers (an hourly digest at most). */
    commentEmails: p.boolean().default(true),
    admin: p.boolean().default(false),
    emailVerifiedAt: p.datetime().nullable(),
    /** Google's `sub` claim: stable for the Google account even when its e-mail changes. */
    googleSubject: p.string().length(255).nullable().unique().hidden(),
    /** Points at a media row (media module, later); kept as a plain id until that module exists. */
    avatarMediaId: p.integer().nullable(),
    lastLoginAt: p.datetime().nullable(),
    /** Set by an admin: every session ends and sign-in is refused until it is cleared. */
    disabledAt: p.datetime().nullable(),
    disabledReason: p.text().nullable().hidden(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export type User = InferEntity<typeof UserSchema>;
