import { MIGRATIONS } from './migrations';
import type { DirectDatabase, Queryable } from './types';

/**
 * A logical backup of the console's database: every row of its tables as JSON, with the
 * migrations the schema had. Readable through a running console's socket (so `npm run db --
 * backup` works while it runs), restorable into any later schema, on PGlite or Postgres.
 */
export interface DatabaseBackup {
  format: 'sluice-database-backup';
  version: 1;
  createdAt: string;
  migrations: string[];
  tables: Record<BackedUpTable, Array<Record<string, unknown>>>;
}

/** In the order a restore inserts them (none refers to another today; users first all the same). */
export const BACKED_UP_TABLES = ['users', 'audit_events'] as const;
type BackedUpTable = (typeof BACKED_UP_TABLES)[number];

/** Rows per insert statement: few statements, well under the 65 535 parameters of one. */
const BATCH = 200;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Dates as ISO text, 64-bit integers as decimal text: what the same columns accept back. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

export async function backupDatabase(db: Queryable): Promise<DatabaseBackup> {
  const migrations = (await db.query<{ id: string }>('select id from sluice_migrations order by id')).map(
    (row) => row.id,
  );
  const tables = {} as DatabaseBackup['tables'];
  for (const table of BACKED_UP_TABLES) {
    const rows = await db.query<Record<string, unknown>>(`select * from ${table} order by id`);
    tables[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, plain(value)])),
    );
  }
  return { format: 'sluice-database-backup', version: 1, createdAt: new Date().toISOString(), migrations, tables };
}

/** Checks a parsed file before anything is changed: its shape, and that this version knows its schema. */
export function checkBackup(value: unknown): DatabaseBackup {
  const backup = value as Partial<DatabaseBackup> | null;
  if (
    backup?.format !== 'sluice-database-backup' ||
    backup.version !== 1 ||
    !Array.isArray(backup.migrations) ||
    typeof backup.tables !== 'object'
  ) {
    throw new BackupError('not a Sluice database backup (made by `npm run db -- backup FILE`)');
  }
  const known = new Set(MIGRATIONS.map((migration) => migration.id));
  const unknown = backup.migrations.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new BackupError(
      `made by a newer Sluice (its schema has ${unknown.join(', ')}, which this version does not know): restore it with that version`,
    );
  }
  for (const table of BACKED_UP_TABLES) {
    if (!Array.isArray(backup.tables?.[table])) throw new BackupError(`has no rows for the table ${table}`);
  }
  return backup as DatabaseBackup;
}

async function insertRows(tx: Queryable, table: string, rows: Array<Record<string, unknown>>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const columns = Object.keys(batch[0]!);
    const params: unknown[] = [];
    const tuples = batch.map(
      (row) => `(${columns.map((column) => `$${params.push(row[column] ?? null)}`).join(', ')})`,
    );
    await tx.query(
      `insert into ${table} (${columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ')}) values ${tuples.join(', ')}`,
      params,
    );
  }
}

/**
 * Replaces every row with the backup's, in one transaction (all or nothing). The database is
 * already migrated to this version's schema; columns added since the backup take their defaults.
 */
export async function restoreDatabase(
  db: DirectDatabase,
  backup: DatabaseBackup,
): Promise<Record<BackedUpTable, number>> {
  return db.transaction(async (tx) => {
    for (const table of [...BACKED_UP_TABLES].reverse()) await tx.query(`delete from ${table}`);
    const counts = {} as Record<BackedUpTable, number>;
    for (const table of BACKED_UP_TABLES) {
      await insertRows(tx, table, backup.tables[table]);
      counts[table] = backup.tables[table].length;
    }
    // New events continue after the restored ones.
    await tx.query(
      `select setval(pg_get_serial_sequence('audit_events', 'id'), coalesce((select max(id) from audit_events), 0) + 1, false)`,
    );
    return counts;
  });
}
