import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * OWASP's minimum for argon2id (19 MiB, 2 passes, 1 lane). Every hash records the
 * parameters it was made with, so they can be raised later: a hash made with weaker
 * parameters is replaced at the user's next sign-in (see `needsRehash`).
 */
export const argon2Parameters: PasswordHashing = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32, saltLength: 16 };

/** The cost of a new hash: argon2Parameters, except in suites that are not about passwords, which make thousands. */
export interface PasswordHashing {
  readonly memory: number;
  readonly passes: number;
  readonly parallelism: number;
  readonly tagLength: number;
  readonly saltLength: number;
}

export const passwordRules = { minLength: 8, maxLength: 128 } as const;

interface ParsedHash {
  memory: number;
  passes: number;
  parallelism: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, p: { memory: number; passes: number; parallelism: number; tagLength: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2(
      'argon2id',
      { message: normalise(password), nonce: salt, memory: p.memory, passes: p.passes, parallelism: p.parallelism, tagLength: p.tagLength },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The same password typed on two keyboards (composed or decomposed Ethiopic, full-width digits) is the same password. */
function normalise(password: string): string {
  return password.normalize('NFKC');
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

/** A PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (unpadded base64, as the reference implementation writes it). */
export async function hashPassword(password: string, parameters: PasswordHashing = argon2Parameters): Promise<string> {
  const salt = randomBytes(parameters.saltLength);
  const { memory, passes, parallelism } = parameters;
  const hash = await derive(password, salt, parameters);
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

function parse(phc: string): ParsedHash | null {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(phc);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match;
  return {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    salt: Buffer.from(salt!, 'base64'),
    hash: Buffer.from(hash!, 'base64'),
  };
}

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parse(phc);
  if (!parsed) return false;
  const candidate = await derive(password, parsed.salt, { ...parsed, tagLength: parsed.hash.length });
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash);
}

export function needsRehash(phc: string, parameters: PasswordHashing = argon2Parameters): boolean {
  const parsed = parse(phc);
  if (!parsed) return true;
  return parsed.memory < parameters.memory || parsed.passes < parameters.passes || parsed.hash.length < parameters.tagLength || parsed.salt.length < parameters.saltLength;
}

const dummyHashes = new Map<PasswordHashing, Promise<string>>();

/**
 * Checks a password against a hash nobody can match, so that a sign-in for an unknown
 * e-mail costs the same time as one for a known e-mail with a wrong password.
 */
export async function verifyAgainstDummy(password: string, parameters: PasswordHashing = argon2Parameters): Promise<false> {
  let dummy = dummyHashes.get(parameters);
  if (!dummy) dummyHashes.set(parameters, (dummy = hashPassword(randomBytes(32).toString('base64'), parameters)));
  await verifyPassword(password, await dummy);
  return false;
}

let commonPasswords: Set<string> | undefined;

function common(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#!comment'))
      .map((line) => line.trim().toLowerCase()),
  );
  return commonPasswords;
}

export type PasswordProblem = 'password_too_short' | 'password_too_long' | 'password_common' | 'password_like_identity';

/**
 * Length (counted in characters, not bytes, so Amharic passwords are judged fairly), not a
 * common password (also with trailing digits and symbols removed: `sunshine2024!`), and not
 * the user's own e-mail or name.
 */
export function passwordProblem(password: string, identity: { email?: string; firstName?: string; lastName?: string } = {}): PasswordProblem | null {
  const normalised = normalise(password);
  const length = [...normalised].length;
  if (length < passwordRules.minLength) return 'password_too_short';
  if (length > passwordRules.maxLength) return 'password_too_long';
  const lower = normalised.toLowerCase();
  const stem = lower.replace(/[\d\s!@#$%^&*()_+\-=.,?]+$/u, '');
  const list = common();
  if (list.has(lower) || (stem.length >= 4 && list.has(stem))) return 'password_common';
  if (/^(.)\1*$/u.test(lower)) return 'password_common';
  const email = identity.email?.toLowerCase();
  const localPart = email?.split('@')[0];
  const names = [identity.firstName, identity.lastName, `${identity.firstName ?? ''}${identity.lastName ?? ''}`]
    .map((n) => n?.toLowerCase().replace(/\s+/g, ''))
    .filter((n): n is string => !!n && n.length >= 3);
  const candidates = [email, localPart && localPart.length >= 4 ? localPart : undefined, ...names].filter((c): c is string => !!c);
  if (candidates.some((c) => lower === c || stem === c)) return 'password_like_identity';
  return null;
}

export function generatePassword(): string {
  // 18 random bytes → 24 URL-safe characters, about 144 bits: strong and still typeable once.
  return randomBytes(18).toString('base64url');
}
