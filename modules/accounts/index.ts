export { accountRoutes } from './account.routes.ts';
export { createAccountService, ensureAdmin, ensureVerifiedUser, mailRequestLimits, registerLimits, normaliseEmail } from './account.service.ts';
export type { AccountService, AvatarCheck, ProfileInput, RegisterInput, Registration } from './account.service.ts';
export { loginLimits } from './sign-in-limits.ts';
export { createGoogleVerifier } from './google.ts';
export type { GoogleIdentity, GoogleVerifier } from './google.ts';
export { currentUser, requireUser, requireAdmin } from './current-user.ts';
export { userView, publicUserView } from './account.views.ts';
export type { UserView, PublicUserView } from './account.views.ts';
export { purgeOldTokens, tokenLifetimesMs } from './account-token.service.ts';
export { hashPassword, verifyPassword, passwordProblem, generatePassword, argon2Parameters, passwordRules } from './password.ts';
export { UserSchema, userLanguages } from './user.entity.ts';
export type { User, UserLanguage } from './user.entity.ts';
export { AccountTokenSchema } from './account-token.entity.ts';
export type { AccountToken, TokenPurpose } from './account-token.entity.ts';

import { AccountTokenSchema } from './account-token.entity.ts';
import { UserSchema } from './user.entity.ts';
export const accountEntities = [UserSchema, AccountTokenSchema];
