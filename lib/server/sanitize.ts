/**
 * Credential fields the browser must never receive, whatever depth an upstream puts them at.
 * Names are compared case- and separator-insensitively (`secret_key`, `SecretKey`).
 */
const CREDENTIAL_KEYS = new Set([
  'password',
  'secretkey',
  'connectionstring',
  'credentials',
  'privatekey',
  'accesskey',
  'keysecret',
  // A GCS pipe's service-account key (the published document's object-storage SERVICE_ACCOUNT method).
  'serviceaccountkey',
]);

const KEY_SECRET = 'keysecret';

export interface SanitizeOptions {
  /** Only the key-creation response hands the one-time `keySecret` to the admin who asked for it. */
  allowKeySecret?: boolean;
}

function normalise(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

function isCredential(key: string, options: SanitizeOptions): boolean {
  const name = normalise(key);
  if (!CREDENTIAL_KEYS.has(name)) return false;
  return !(options.allowKeySecret && name === KEY_SECRET);
}

/**
 * Returns `value` itself when nothing had to go, so callers can reuse the upstream's bytes
 * instead of serialising again.
 */
export function sanitize<T>(value: T, options: SanitizeOptions = {}): T {
  return strip(value, options) as T;
}

function strip(value: unknown, options: SanitizeOptions): unknown {
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const cleaned = strip(item, options);
      if (cleaned !== item) {
        copy ??= value.slice();
        copy[i] = cleaned;
      }
    }
    return copy ?? value;
  }
  if (value === null || typeof value !== 'object') return value;

  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(record)) {
    const item = record[key];
    if (isCredential(key, options)) {
      copy ??= { ...record };
      delete copy[key];
      continue;
    }
    const cleaned = strip(item, options);
    if (cleaned !== item) {
      copy ??= { ...record };
      copy[key] = cleaned;
    }
  }
  return copy ?? value;
}

/**
 * Cheap test on the raw JSON text: a credential key appears as a quoted name (escapes aside),
 * so a body without one has nothing to strip and is never walked.
 */
const MAY_HOLD_CREDENTIAL =
  /"(?:pass[-_]?word|secret[-_]?key|key[-_]?secret|connection[-_]?string|credentials|private[-_]?key|access[-_]?key|service[-_]?account[-_]?key)"|\\u/i;

export function mayHoldCredentials(rawJson: string): boolean {
  return MAY_HOLD_CREDENTIAL.test(rawJson);
}
