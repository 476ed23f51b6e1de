import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel secrets at rest (a webhook's signing secret, a Slack webhook URL, which is itself a
 * credential): AES-256-GCM under a key derived from `SLUICE_ENCRYPTION_KEY`, or from the session
 * secret when that is unset. The database alone (a backup, a stolen disk) never yields them.
 */
const PREFIX = 'v1';

export function deriveKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'sluice', 'notification channel secrets', 32));
}

export function sealSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${PREFIX}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
}

export class SecretUnreadable extends Error {
  override name = 'SecretUnreadable';
}

/** Throws `SecretUnreadable` when the text was sealed under another key (the key variable changed) or altered. */
export function openSecret(text: string, key: Buffer): string {
  const [prefix, iv, sealed] = text.split(':');
  if (prefix !== PREFIX || !iv || !sealed) throw new SecretUnreadable('not a sealed secret');
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 16) throw new SecretUnreadable('not a sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretUnreadable('sealed under another key (was SLUICE_ENCRYPTION_KEY or SESSION_SECRET changed?)');
  }
}
