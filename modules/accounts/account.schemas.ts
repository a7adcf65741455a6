import { z } from 'zod';
import { captchaTokenParam } from '../captcha/index.ts';
import { locationResponse } from '../catalogue/index.ts';
import { passwordRules } from './password.ts';
import { userLanguages } from './user.entity.ts';

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const name = z.string().trim().min(1).max(100);
/** Strength beyond length (common passwords, the user's own e-mail) is judged by the service. */
const newPassword = z.string().min(passwordRules.minLength).max(passwordRules.maxLength);
const language = z.enum(userLanguages);
const token = z.string().trim().min(1).max(200);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

export const registerRequest = z.strictObject({
  email,
  password: newPassword,
  firstName: name,
  lastName: name,
  language: language.optional(),
});

export const loginRequest = z.strictObject({
  email,
  // Not judged for strength here: an account made under older rules must still be able to sign in.
  password: z.string().min(1).max(1024),
  rememberMe: z.boolean().optional(),
});

export const googleRequest = z.strictObject({ credential: z.string().trim().min(1).max(8192) });

export const emailRequest = z.strictObject({ email });

export const resetPasswordRequest = z.strictObject({ newPassword });

export const captchaOnlyQuery = z.object({ captchaToken: captchaTokenParam });
export const tokenQuery = z.object({ token, captchaToken: captchaTokenParam });

export const userIdParams = z.object({ id: z.coerce.number().int().positive() });

export const profileRequest = z.strictObject({
  /** The profile form sends the id it edits (and sends nothing without one); when present it must be the one in the path. */
  id: z.number().int().positive().optional(),
  firstName: name.optional(),
  lastName: name.optional(),
  phone: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,30}$/)
      .max(32)
      .nullable()
      .optional(),
  ),
  bio: z.preprocess(blankToNull, z.string().trim().max(2000).nullable().optional()),
  locationId: z.number().int().positive().nullable().optional(),
  language: language.optional(),
  /** Hear by e-mail of others' comments on one's fundraisers. */
  commentEmails: z.boolean().optional(),
  avatarMediaId: z.number().int().positive().nullable().optional(),
});

export type ProfileRequest = z.output<typeof profileRequest>;

/** What the user themself (or an admin) sees. Never a hash, never the Google subject. */
export const userResponse = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  admin: z.boolean(),
  emailVerified: z.boolean(),
  language,
  commentEmails: z.boolean(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  locationId: z.number().nullable(),
  location: locationResponse.nullable(),
  avatarMediaId: z.number().nullable(),
  /** The profile photo's small (square) rendition; null without one. */
  avatarUrl: z.string().nullable(),
  googleLinked: z.boolean(),
  createdAt: z.string(),
});

/** What anybody may see of a user, e.g. as a fundraiser's organiser. */
export const publicUserResponse = userResponse.pick({ id: true, firstName: true, lastName: true, avatarMediaId: true });

export const statusResponse = z.object({
  authenticated: z.boolean(),
  user: userResponse.nullable(),
  session: z.object({ rememberMe: z.boolean(), idleTimeoutMinutes: z.number(), expiresAt: z.string() }).nullable(),
});

export const verifiedResponse = z.object({ verified: z.literal(true), email: z.string() });
export const acceptedResponse = z.object({ accepted: z.literal(true) });
export const tokenValidResponse = z.object({ valid: z.literal(true), email: z.string() });
export const passwordResetResponse = z.object({ reset: z.literal(true) });

export type UserView = z.output<typeof userResponse>;
export type PublicUserView = z.output<typeof publicUserResponse>;
export type StatusView = z.output<typeof statusResponse>;
export type VerifiedView = z.output<typeof verifiedResponse>;
export type TokenValidView = z.output<typeof tokenValidResponse>;
