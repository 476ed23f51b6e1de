import path from 'node:path';
import { dataDirPath } from '../../local/data-dir';
import { processEnv, type Environment } from '../env-schema';

/** Where the console keeps its users and audit log: a Postgres server, or PGlite in the data folder. */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; variable: 'DATABASE_URL'; description: string }
  | { kind: 'pglite'; dir: string; variable: 'SLUICE_DATA_DIR'; description: string };

/** The variables read here; a plain record, so tools and tests can pass a few of them. */
export type { Environment };

export class DatabaseConfigError extends Error {
  override name = 'DatabaseConfigError';
}

/** The URL with its password replaced, so it can appear in a message or a log line. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

export function databaseTarget(env: Environment = processEnv()): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    let protocol: string;
    try {
      protocol = new URL(url).protocol;
    } catch {
      throw new DatabaseConfigError('DATABASE_URL is not a URL: use postgres://user:password@host:5432/database');
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      throw new DatabaseConfigError(
        `DATABASE_URL must start with postgres:// or postgresql:// (it starts with ${protocol}//)`,
      );
    }
    return { kind: 'postgres', url, variable: 'DATABASE_URL', description: `Postgres at ${redactDatabaseUrl(url)}` };
  }
  const dir = path.join(env.SLUICE_DATA_DIR?.trim() || dataDirPath(), 'db');
  return { kind: 'pglite', dir, variable: 'SLUICE_DATA_DIR', description: `the embedded database in ${dir}` };
}

/** One key per target, so a process notices when tests point it elsewhere. */
export function targetKey(target: DatabaseTarget): string {
  return target.kind === 'postgres' ? `postgres|${target.url}` : `pglite|${target.dir}`;
}
