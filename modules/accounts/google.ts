import type { JWTPayload } from 'jose';
import type { Logger } from 'pino';
import { AppError } from '../../kernel/http/index.ts';

export interface GoogleIdentity {
  subject: string;
  email: string;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
}

export interface GoogleVerifier {
  readonly enabled: boolean;
  /** The identity in a valid ID token, or null for any invalid one (forged, expired, other audience, unverified e-mail). */
  verify(credential: string): Promise<GoogleIdentity | null>;
}

const issuers = ['accounts.google.com', 'https://accounts.google.com'];

/** jose and Google's key set, made on the first sign-in rather than at start-up: with Google sign-in off, never. */
async function googleKeys(jwksUrl: string) {
  const jose = await import('jose');
  return { jose, keys: jose.createRemoteJWKSet(new URL(jwksUrl), { timeoutDuration: 5000 }) };
}

/**
 * Verifies Google Identity Services ID tokens locally against Google's published keys
 * (fetched and cached by jose), rather than calling Google's tokeninfo endpoint per sign-in.
 */
export function createGoogleVerifier(options: { clientId: string | undefined; jwksUrl: string; logger?: Logger }): GoogleVerifier {
  const clientId = options.clientId;
  let loaded: ReturnType<typeof googleKeys> | undefined;
  return {
    enabled: Boolean(clientId),
    async verify(credential) {
      if (!clientId) throw new AppError(503, 'google_sign_in_disabled');
      const { jose, keys } = await (loaded ??= googleKeys(options.jwksUrl));
      const { errors, jwtVerify } = jose;
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, keys, { audience: clientId, issuer: issuers, algorithms: ['RS256'], clockTolerance: 30 }));
      } catch (error) {
        if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || !(error instanceof errors.JOSEError)) {
          // Google's keys could not be fetched: our problem, not a bad credential.
          options.logger?.error({ err: error }, 'Google keys could not be fetched');
          throw new AppError(503, 'google_unavailable');
        }
        options.logger?.info({ reason: error.code }, 'Google credential refused');
        return null;
      }
      const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
      const verified = payload.email_verified === true || payload.email_verified === 'true';
      if (!payload.sub || !email || !verified) return null;
      const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
      return { subject: payload.sub, email, givenName: text(payload.given_name), familyName: text(payload.family_name), name: text(payload.name) };
    },
  };
}
