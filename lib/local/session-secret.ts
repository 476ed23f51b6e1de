import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './data-dir';
import { envValue, SESSION_SECRET_MIN_LENGTH } from '../server/env-schema';

export { SESSION_SECRET_MIN_LENGTH };

export function resolveSessionSecret(): string {
  const configured = envValue('SESSION_SECRET');
  if (configured !== undefined) {
    if (configured.length < SESSION_SECRET_MIN_LENGTH) {
      throw new Error(
        `SESSION_SECRET must be at least ${SESSION_SECRET_MIN_LENGTH} characters long (it has ${configured.length}); ` +
          'unset it to let the console generate one in its data folder',
      );
    }
    return configured;
  }

  const file = path.join(dataDir(), 'session-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= SESSION_SECRET_MIN_LENGTH) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }

  const generated = randomBytes(48).toString('base64url');
  try {
    // `wx` keeps two processes starting at once from overwriting each other's secret.
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < SESSION_SECRET_MIN_LENGTH) {
      throw new Error(
        `${file} holds a session secret shorter than ${SESSION_SECRET_MIN_LENGTH} characters; delete it to regenerate`,
      );
    }
    return stored;
  }
}
