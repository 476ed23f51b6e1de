import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key secrets are kept only as keyed hashes. A fast HMAC (not scrypt) because every cloud request
 * authenticates and a benchmark proxies through the emulator; the pepper never leaves the process.
 */
export interface SecretHasher {
  hash(secret: string): string;
  matches(secret: string, hash: string): boolean;
}

export function createSecretHasher(): SecretHasher {
  const pepper = randomBytes(32);
  const hash = (secret: string) => createHmac('sha256', pepper).update(secret, 'utf8').digest('hex');
  return {
    hash,
    matches(secret, expected) {
      const actual = Buffer.from(hash(secret), 'hex');
      const wanted = Buffer.from(expected, 'hex');
      return actual.length === wanted.length && timingSafeEqual(actual, wanted);
    },
  };
}
