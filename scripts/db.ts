/**
 * The embedded database's backup: `npm run db -- backup FILE` (also while the console runs: it
 * reads through the console) and `npm run db -- restore FILE` (with the console stopped: it
 * replaces every user and audit event). A Postgres database (DATABASE_URL) is backed up with
 * pg_dump instead; see "Deploying" in the README.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { backupDatabase, BackupError, checkBackup, restoreDatabase } from '../lib/server/db/backup';
import { databaseTarget } from '../lib/server/db/config';
import { DatabaseOpenError, openDatabase } from '../lib/server/db/open';
import { isDirect } from '../lib/server/db/types';
import { loadDotEnv } from './dot-env';

const USAGE = `Usage:
  npm run db -- backup FILE     every user and audit event of the embedded database, as JSON
  npm run db -- restore FILE    replace them with FILE's (stop the console first)`;

async function backup(file: string): Promise<void> {
  const db = await openDatabase({ role: 'tool' });
  try {
    const contents = await backupDatabase(db);
    writeFileSync(file, `${JSON.stringify(contents)}\n`, { mode: 0o600 });
    console.log(
      `Backed up ${contents.tables.users.length} user(s) and ${contents.tables.audit_events.length} audit event(s) of ${db.description} to ${file}`,
    );
  } finally {
    await db.close();
  }
}

async function restore(file: string): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BackupError(`cannot read it: ${error instanceof Error ? error.message : String(error)}`);
  }
  const contents = checkBackup(parsed);
  // Not through a running console: a restore under it would change users behind its back.
  const db = await openDatabase({ role: 'tool', shareRunning: false });
  try {
    if (!isDirect(db)) throw new BackupError('the database is not open directly');
    const counts = await restoreDatabase(db, contents);
    console.log(
      `Restored ${counts.users} user(s) and ${counts.audit_events} audit event(s) from ${file} (made ${contents.createdAt}) into ${db.description}`,
    );
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  loadDotEnv(path.resolve(import.meta.dirname, '..'));
  const [command, file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || (command !== 'backup' && command !== 'restore')) {
    console.error(USAGE);
    process.exit(2);
  }
  if (databaseTarget().kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: back up that Postgres database with pg_dump (and restore it with pg_restore or psql).',
    );
    process.exit(1);
  }
  try {
    await (command === 'backup' ? backup(file) : restore(file));
  } catch (error) {
    if (error instanceof BackupError) console.error(`${file}: ${error.message}`);
    else if (error instanceof DatabaseOpenError) console.error(error.message);
    else throw error;
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
