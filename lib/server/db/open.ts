import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { databaseTarget, type DatabaseTarget, type Environment } from './config';
import { acquireLock, LockHeldError, type HeldLock } from './lock-file';
import { migrate } from './migrations';
import { openPgliteFolder } from './pglite';
import { openPostgres } from './postgres';
import { connectDatabaseSocket } from './socket-client';
import { MAX_SOCKET_PATH, serveDatabase } from './socket-server';
import type { Database, DirectDatabase } from './types';

/** Why the database could not be opened, naming the variable that chose it. */
export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError';
}

export interface OpenDatabaseOptions {
  /**
   * `server`: the console itself. It waits briefly for the embedded database's lock (the start
   * script or `npm run users` may hold it a moment) and lends the database to other processes.
   * `tool`: a command; while a console holds the embedded database it goes through that console.
   */
  role: 'server' | 'tool';
  /** A tool goes through the running console unless this is false (the start script must not). */
  shareRunning?: boolean;
  env?: Environment;
  /** How long a server waits for the embedded database's lock. */
  lockWaitMs?: number;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

function openFailed(target: DatabaseTarget, error: unknown): DatabaseOpenError {
  if (target.kind === 'postgres') {
    return new DatabaseOpenError(
      `Cannot open the database in DATABASE_URL (${target.description}): ${reason(error)}. ` +
        'Check DATABASE_URL, or unset it to use the embedded database in the data folder.',
    );
  }
  return new DatabaseOpenError(
    `Cannot open the embedded database in ${target.dir} (the data folder, SLUICE_DATA_DIR): ${reason(error)}. ` +
      'Check SLUICE_DATA_DIR, or set DATABASE_URL to use a Postgres server.',
  );
}

function inUse(target: DatabaseTarget & { kind: 'pglite' }, pid: number): DatabaseOpenError {
  return new DatabaseOpenError(
    `The embedded database in ${target.dir} is in use by process ${pid}. Each console needs its own data folder ` +
      '(SLUICE_DATA_DIR); several consoles share one database through DATABASE_URL.',
  );
}

async function migrated(target: DatabaseTarget, db: DirectDatabase): Promise<DirectDatabase> {
  try {
    await migrate(db);
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw openFailed(target, error);
  }
}

async function lockFor(target: DatabaseTarget & { kind: 'pglite' }, waitMs: number): Promise<HeldLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return acquireLock(`${target.dir}.lock`);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw openFailed(target, error);
      if (Date.now() >= deadline) throw inUse(target, error.pid);
      await sleep(200);
    }
  }
}

/**
 * Beside the database folder, or (when that path is too long for a Unix socket) in the temporary
 * folder under a name derived from it; the socket is owner-only either way.
 */
export function socketPathFor(dir: string): string {
  const beside = `${dir}.sock`;
  if (beside.length <= MAX_SOCKET_PATH) return beside;
  return path.join(tmpdir(), `sluice-db-${createHash('sha256').update(dir).digest('hex').slice(0, 16)}.sock`);
}

async function openPglite(
  target: DatabaseTarget & { kind: 'pglite' },
  options: OpenDatabaseOptions,
): Promise<Database> {
  const socketPath = socketPathFor(target.dir);
  let lock: HeldLock;
  if (options.role === 'tool') {
    try {
      lock = acquireLock(`${target.dir}.lock`);
    } catch (error) {
      if (!(error instanceof LockHeldError)) throw openFailed(target, error);
      const shared =
        options.shareRunning === false ? null : await connectDatabaseSocket(socketPath, target.description);
      if (shared) return shared;
      throw inUse(target, error.pid);
    }
  } else {
    lock = await lockFor(target, options.lockWaitMs ?? 20_000);
  }

  let stopServing: (() => Promise<void>) | null = null;
  let db: DirectDatabase;
  try {
    db = await openPgliteFolder(target.dir, () => lock.release());
  } catch (error) {
    lock.release();
    throw openFailed(target, error);
  }
  db = await migrated(target, db);
  if (options.role === 'server') stopServing = await serveDatabase(db, socketPath);
  if (!stopServing) return db;
  const close = db.close;
  return Object.assign(db, {
    async close() {
      await stopServing?.();
      await close();
    },
  });
}

/** Opens and migrates the console's database, or throws a `DatabaseOpenError` saying what to fix. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  let target: DatabaseTarget;
  try {
    target = databaseTarget(options.env);
  } catch (error) {
    throw new DatabaseOpenError(reason(error));
  }
  if (target.kind === 'pglite') return openPglite(target, options);
  let db: DirectDatabase;
  try {
    db = await openPostgres(target.url);
  } catch (error) {
    throw openFailed(target, error);
  }
  return migrated(target, db);
}
