import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { UserSchema } from './user.entity.ts';

export const tokenPurposes = ['VERIFY_EMAIL', 'RESET_PASSWORD'] as const;
export type TokenPurpose = (typeof tokenPurposes)[number];

/**
 * A single-use secret mailed to a user. Only the SHA-256 of the token is stored, so a copy
 * of the table cannot verify an address or reset a password.
 */
export const AccountTokenSchema = defineEntity({
  name: 'AccountToken',
  tableName: 'account_token',
  properties: {
    id: p.integer().primary().autoincrement(),
    user: p.manyToOne(UserSchema).deleteRule('cascade'),
    purpose: p.enum(tokenPurposes),
    tokenHash: p.string().length(64).unique(),
    expiresAt: p.datetime().index(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type AccountToken = InferEntity<typeof AccountTokenSchema>;
