export { accountRoutes } from './account.routes.ts';
export { createAccountService, ensureAdmin, ensureVerifiedUser } from './account.service.ts';
export { createGoogleVerifier } from './google.ts';
export type { GoogleIdentity } from './google.ts';
export { currentUser, requireUser, requireAdmin } from './current-user.ts';
export { searchUsers, findUser, disableUser, enableUser, setAdmin, countUsersSince } from './account.admin.ts';
export type { UserView } from './account.schemas.ts';
export { purgeAccountTokensJob } from './account.jobs.ts';
export { hashPassword, generatePassword, argon2Parameters } from './password.ts';
export type { PasswordHashing } from './password.ts';
export { UserSchema } from './user.entity.ts';
export { hasUsers, userExists, userByEmail, lockUserRow, setAvatar, dropAvatar } from './user.rows.ts';
export type { User } from './user.entity.ts';
export { accountMessages } from './account.messages.ts';

import { AccountTokenSchema } from './account-token.entity.ts';
import { UserSchema } from './user.entity.ts';
export const accountEntities = [UserSchema, AccountTokenSchema];
