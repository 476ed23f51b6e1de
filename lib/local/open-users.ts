import { openDatabase } from '../server/db/open';
import { isDirect } from '../server/db/types';
import { importUsersFile } from './users-file-import';
import { UsersStore } from './users-store';

/**
 * The users store for a command (`npm run users`, the start script, the browser suite's setup):
 * the database opened directly, or through the running console that holds the embedded one.
 * An earlier version's users file is imported first, once.
 */
export async function withUsersStore<T>(work: (store: UsersStore) => Promise<T>): Promise<T> {
  const db = await openDatabase({ role: 'tool' });
  try {
    if (isDirect(db)) await importUsersFile(db);
    return await work(new UsersStore(db));
  } finally {
    await db.close();
  }
}
