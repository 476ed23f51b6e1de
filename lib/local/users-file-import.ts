import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { ROLES, type Role } from '../auth/roles';
import type { Queryable } from '../server/db/types';
import { dataDirPath } from './data-dir';
import { credentialTag, USER_NAME_PATTERN, UserStoreError } from './passwords';

/** The users file of earlier versions: `{users: [{name, role, passwordHash, createdAt}]}`. */
interface FileUser {
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: string;
}

export const IMPORTED_SUFFIX = '.imported';

export function usersFilePath(): string {
  return path.join(dataDirPath(), 'users.json');
}

function parseUsersFile(text: string, file: string): FileUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UserStoreError(`${file} is not valid JSON; fix it or move it away`);
  }
  const users = (parsed as { users?: unknown } | null)?.users;
  if (!Array.isArray(users)) throw new UserStoreError(`${file} has no "users" array; fix it or move it away`);
  return users.filter(
    (u): u is FileUser =>
      typeof u === 'object' &&
      u !== null &&
      typeof u.name === 'string' &&
      USER_NAME_PATTERN.test(u.name) &&
      (ROLES as readonly string[]).includes(u.role) &&
      typeof u.passwordHash === 'string' &&
      typeof u.createdAt === 'string' &&
      !Number.isNaN(Date.parse(u.createdAt)),
  );
}

/**
 * Moves the users of an earlier version's users file into the database, once: the file is then
 * renamed to `users.json.imported`. A name already in the database keeps its database record.
 * Sessions stay valid, since the credential tag is derived from the same password hash.
 */
export async function importUsersFile(db: Queryable): Promise<{ file: string; imported: number } | null> {
  const file = usersFilePath();
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let imported = 0;
  for (const user of parseUsersFile(text, file)) {
    const rows = await db.query(
      `insert into users (id, name, method, role, password_hash, credential_tag, created_at)
       values ($1, $1, 'password', $2, $3, $4, $5) on conflict (id) do nothing returning id`,
      [user.name, user.role, user.passwordHash, credentialTag(user.passwordHash), user.createdAt],
    );
    imported += rows.length;
  }
  renameSync(file, `${file}${IMPORTED_SUFFIX}`);
  return { file, imported };
}
