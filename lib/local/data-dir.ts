import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { envText } from '../server/env-schema';

/** Where the data folder is, without touching the disk (for hot paths that only read). */
export function dataDirPath(): string {
  return envText('SLUICE_DATA_DIR') ?? path.join(process.cwd(), '.data');
}

/**
 * Folder for the console's own state (users, session secret). Owner-only, because it holds
 * password hashes and the cookie encryption secret.
 */
export function dataDir(): string {
  const dir = dataDirPath();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}
