import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type Cookies from 'cookies';

export const trustedDeviceCookie = 'trusted_device';
const lifetimeMs = 365 * 24 * 60 * 60_000;

export interface TrustedDeviceCookie {
  name: string;
  value: string;
  options: Cookies.SetOption;
}

export interface TrustedDevices {
  /** A cookie marking this browser as one `userId` has signed in from. */
  cookieFor(userId: number, now?: Date): TrustedDeviceCookie;
  /** The browser's own id when `value` is a genuine, unexpired cookie for `userId`; otherwise null. */
  deviceOf(value: string | undefined, userId: number, now?: Date): string | null;
}

/**
 * OWASP's "device cookie": a browser that has signed in to an account (or reset its password)
 * carries a signed note saying so. It grants nothing by itself, the password is still needed;
 * it only keeps its holder out of the pause that guesses from unknown browsers can put on the
 * account (sign-in-limits.ts). Stateless: the signature is all there is to check.
 */
export function trustedDevices(options: { secret: string; secure: boolean }): TrustedDevices {
  // A key of its own, so that this signature can never stand in for another one made with the secret.
  const key = createHmac('sha256', options.secret).update('trusted-device').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    cookieFor(userId, now = new Date()) {
      const payload = `${userId}.${now.getTime().toString(36)}.${randomBytes(16).toString('base64url')}`;
      return {
        name: trustedDeviceCookie,
        value: `${payload}.${sign(payload)}`,
        options: { httpOnly: true, sameSite: 'strict', secure: options.secure, path: '/api/auth', maxAge: lifetimeMs, overwrite: true, signed: false },
      };
    },

    deviceOf(value, userId, now = new Date()) {
      const parts = value?.split('.') ?? [];
      if (parts.length !== 4) return null;
      const [id, issued, device, mac] = parts as [string, string, string, string];
      const expected = Buffer.from(sign(`${id}.${issued}.${device}`));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      if (id !== String(userId) || now.getTime() - parseInt(issued, 36) > lifetimeMs) return null;
      return device;
    },
  };
}
