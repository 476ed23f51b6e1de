import { randomBytes, randomUUID } from 'node:crypto';

export type Rng = () => number;

/** sfc32 seeded from a string: small, fast and stable across Node versions, so seeded ids never drift. */
export function createRng(seed: string): Rng {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = next();
  let b = next();
  let c = next();
  let d = next();
  return () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

function hexFrom(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(rng() * 16).toString(16);
  return out;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function alphanumericFrom(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[Math.floor(rng() * ALPHANUMERIC.length)];
  return out;
}

/** A version-4-shaped UUID drawn from the seeded generator. */
export function seededUuid(rng: Rng): string {
  const hex = hexFrom(rng, 32).split('');
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(rng() * 4)]!;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/**
 * A 24-hex object id. The real store puts the creation time in the leading 4 bytes; seeded ids use a
 * fixed early-2025 range instead of the start time, so they are identical on every run.
 */
export function seededObjectId(rng: Rng): string {
  return (0x67800000 + Math.floor(rng() * 0x800000)).toString(16) + hexFrom(rng, 16);
}

export function newObjectId(): string {
  return (
    Math.floor(Date.now() / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

export const newUuid = (): string => randomUUID();

/** Base62 from the system CSPRNG; used for credentials, which must never be predictable. */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const byte = bytes[i]!;
    // Rejection sampling keeps the alphabet uniform.
    if (byte < 248) out += ALPHANUMERIC[byte % 62];
  }
  return out.length === length ? out : out + randomAlphanumeric(length - out.length);
}
