/**
 * Data folders whose embedded database already exists and is migrated, for tests whose subject is
 * not the database's creation (a command, a signal, a backup). Creating one from nothing runs
 * Postgres's initdb in WebAssembly, 4-9 s of a core; copying a finished one takes a fraction of a
 * second. The finished one is made once per machine and schema by the console's own
 * `openDatabase`, the way `npm start` makes it, and kept in the temporary folder under a name
 * derived from the migrations and PGlite's version (like the in-memory template of
 * lib/server/db/testing.ts). The creation itself stays covered where it is the point
 * (lib/local/users-cli.test.ts, the browser suite's consoles).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS } from '@/lib/server/db/migrations';
import { openDatabase } from '@/lib/server/db/open';

const root = path.resolve(import.meta.dirname, '..', '..');

function templateFolder(): string {
  const { version } = JSON.parse(
    readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ) as { version: string };
  const key = createHash('sha256').update(JSON.stringify({ MIGRATIONS, version })).digest('hex').slice(0, 12);
  return path.join(tmpdir(), `sluice-data-folder-template-${key}`);
}

/** The finished folder, made now when this machine has none yet. */
async function template(): Promise<string> {
  const finished = templateFolder();
  if (existsSync(finished)) return finished;
  // Several test workers may get here at once: each makes its own, the first rename wins.
  const making = mkdtempSync(`${finished}.making-`);
  const db = await openDatabase({ role: 'tool', shareRunning: false, env: { SLUICE_DATA_DIR: making } });
  await db.close();
  try {
    renameSync(making, finished);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    if (!existsSync(finished)) throw error;
  }
  return finished;
}

/** Puts a created, migrated embedded database (no users, no audit events) in the data folder `dataDir`. */
export async function seedDataFolder(dataDir: string): Promise<void> {
  const source = path.join(await template(), 'db');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  cpSync(source, path.join(dataDir, 'db'), { recursive: true });
}

/** A new temporary data folder (named from `prefix`) holding a created, migrated embedded database. */
export async function seededDataFolder(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  await seedDataFolder(dataDir);
  return dataDir;
}
