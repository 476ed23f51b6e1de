import { databaseTarget, targetKey } from './config';
import { onShutdown } from '../lifecycle';
import { openDatabase } from './open';
import type { Database } from './types';

/**
 * The console server's one database, opened on first use (or at boot by instrumentation.ts) and
 * kept on `globalThis`: Next may load this module more than once in a process, and a second
 * PGlite on the same folder would corrupt it.
 */
const SLOT = Symbol.for('sluice.consoleDatabase');

interface Slot {
  /** The target it was opened for; `*` for a database a test put in place. */
  key: string;
  opening: Promise<Database>;
}

type Global = typeof globalThis & { [SLOT]?: Slot };
const global = globalThis as Global;

export function consoleDatabase(): Promise<Database> {
  const current = global[SLOT];
  if (current?.key === '*') return current.opening;
  let key: string;
  try {
    key = targetKey(databaseTarget());
  } catch (error) {
    return Promise.reject(error);
  }
  if (current?.key === key) return current.opening;
  if (current) void current.opening.then((db) => db.close()).catch(() => {});
  const opening = openDatabase({ role: 'server' });
  global[SLOT] = { key, opening };
  // Closed last when the server stops: PGlite writes its files and frees the folder's lock.
  onShutdown('database', 'close', async () => {
    const slot = global[SLOT];
    delete global[SLOT];
    if (slot) await (await slot.opening).close();
  });
  // A failed open is tried again by the next caller rather than cached.
  opening.catch(() => {
    if (global[SLOT]?.opening === opening) delete global[SLOT];
  });
  return opening;
}

/** Tests hand the console a database of their own (or take it back with null). */
export function setConsoleDatabase(db: Database | null): void {
  if (db) global[SLOT] = { key: '*', opening: Promise.resolve(db) };
  else delete global[SLOT];
}
