import { createHash, randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { USER_NAME_PATTERN } from '../schemas/users';

export { USER_NAME_PATTERN };
export const PASSWORD_MIN_LENGTH = 8;
/** Bounds the work an anonymous sign-in attempt can cause. */
export const PASSWORD_MAX_LENGTH = 1024;

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

/** Why a users-store change was refused, so the BFF can answer 400, 404 or 409. */
export type UserStoreRefusal = 'invalid' | 'not-found' | 'conflict';

export class UserStoreError extends Error {
  override name = 'UserStoreError';
  constructor(
    message: string,
    readonly refusal: UserStoreRefusal = 'invalid',
  ) {
    super(message);
  }
}

export function hashPassword(password: string): string {
  const salt = randomBytes(SCRYPT.saltLength);
  const hash = scryptSync(password, salt, SCRYPT.keyLength, { N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function scryptAsync(
  password: string,
  salt: Buffer,
  keyLength: number,
  N: number,
  r: number,
  p: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128·N·r bytes, or Node refuses larger cost parameters read from a stored hash.
    scrypt(password, salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Async so a sign-in does not block the server's event loop for the length of a hash. */
export async function verifyPasswordHash(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (!N || !r || !p || salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await scryptAsync(password, salt, expected.length, N, r, p);
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

export function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Changes whenever the secret material does; sessions carry it, so a new password ends older sessions. */
export function credentialTag(secretMaterial: string): string {
  return sha256(secretMaterial).subarray(0, 12).toString('base64url');
}

let dummyHash: string | undefined;

/** Spends the same scrypt work as a real check so unknown names cannot be told apart by timing. */
export async function burnVerification(password: string): Promise<null> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPasswordHash(password, dummyHash);
  return null;
}

export function validateUserName(name: string): void {
  if (!USER_NAME_PATTERN.test(name)) {
    throw new UserStoreError(
      `Invalid user name "${name}": use 1-32 characters, a lowercase letter first, then lowercase letters, digits, ".", "_" or "-"`,
    );
  }
}

export function validatePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new UserStoreError(`Password too short: it needs at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new UserStoreError(`Password too long: at most ${PASSWORD_MAX_LENGTH} characters`);
  }
}
