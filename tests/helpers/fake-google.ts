import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface GoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface CredentialOptions {
  audience?: string;
  issuer?: string;
  /** Seconds from now; negative for a token that has already expired. */
  expiresIn?: number;
  /** Sign with a key the JWKS does not publish (a forgery), keeping the published key id. */
  forged?: boolean;
}

/**
 * Stands in for Google: publishes a JWKS on loopback, as https://www.googleapis.com/oauth2/v3/certs
 * does, and signs ID tokens the way Google Identity Services does (RS256, iss, aud, exp, email_verified).
 */
export async function startFakeGoogle(clientId: string) {
  const kid = 'fake-google-key';
  const real = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(real.publicKey)), kid, alg: 'RS256', use: 'sig' };
  let keyRequests = 0;
  const server = createServer((_req, res) => {
    keyRequests += 1;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get keyRequests() {
      return keyRequests;
    },
    async credential(claims: GoogleClaims, options: CredentialOptions = {}): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      const key: CryptoKey = options.forged ? other.privateKey : real.privateKey;
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? 'https://accounts.google.com')
        .setAudience(options.audience ?? clientId)
        .setSubject(claims.sub)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
