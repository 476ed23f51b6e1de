import 'server-only';
import { UsersStore } from '@/lib/local/users-store';
import { consoleDatabase } from './db/shared';
import type { Database } from './db/types';

/** One store per database, on `globalThis` like the database itself, so its lookup cache is shared. */
const SLOT = Symbol.for('sluice.consoleUsers');
type Global = typeof globalThis & { [SLOT]?: { db: Database; store: UsersStore } };
const global = globalThis as Global;

export async function consoleUsers(): Promise<UsersStore> {
  const db = await consoleDatabase();
  const current = global[SLOT];
  if (current?.db === db) return current.store;
  const store = new UsersStore(db);
  global[SLOT] = { db, store };
  return store;
}
