import 'server-only';
import { createHash } from 'node:crypto';
import type { DeletedEntry, HistoryKind, VersionEntry, VersionSource } from '@/lib/history/kinds';
import { LRUCache } from 'lru-cache';
import { canonicalText } from '@/lib/history/normalize';
import type { Queryable } from '../db/types';
import { historyRetention } from './config';

/** Where an object lives when its id alone does not say (a pipe's service, a managed dashboard's). */
export interface ObjectContext {
  organizationId?: string;
  serviceId?: string;
}

export interface NewVersion {
  kind: HistoryKind;
  id: string;
  object: Record<string, unknown>;
  source: VersionSource;
  author: string | null;
  requestId: string | null;
  message?: string | null;
  context?: ObjectContext | null;
  /** When the change happened, for a version written late (after a database outage); else now. */
  at?: string;
}

export interface StoredVersion {
  version: number;
  object: Record<string, unknown>;
  context: ObjectContext | null;
  hash: string;
}

const MAX_MESSAGE = 500;

export const contentHash = (object: unknown): string =>
  createHash('sha256').update(canonicalText(object)).digest('base64url');

interface VersionRow {
  version: number;
  at: Date | string;
  author: string | null;
  source: VersionSource;
  summary: string;
  request_id: string | null;
  message: string | null;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The newest version of an object, or null when it has none. */
export async function latestVersion(db: Queryable, kind: HistoryKind, id: string): Promise<StoredVersion | null> {
  const [row] = await db.query<{ version: number; object: string; context: string | null; content_hash: string }>(
    'select version, object, context, content_hash from history_versions where kind = $1 and object_id = $2 order by version desc limit 1',
    [kind, id],
  );
  return row
    ? {
        version: row.version,
        object: JSON.parse(row.object),
        context: row.context ? JSON.parse(row.context) : null,
        hash: row.content_hash,
      }
    : null;
}

/** The hashes of the newest versions of many objects of one kind, for a list read. */
export async function latestHashes(
  db: Queryable,
  kind: HistoryKind,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ object_id: string; content_hash: string }>(
    `select distinct on (object_id) object_id, content_hash from history_versions
     where kind = $1 and object_id = any($2) order by object_id, version desc`,
    [kind, ids],
  );
  return new Map(rows.map((row) => [row.object_id, row.content_hash]));
}

/** Objects of recent versions, by kind, id and version: a save needs the previous one for its summary. */
const recentObjects = new LRUCache<string, Record<string, unknown>>({ max: 500 });
const versionKey = (kind: HistoryKind, id: string, version: number) => `${kind}\u0000${id}\u0000${version}`;

async function versionObject(
  db: Queryable,
  kind: HistoryKind,
  id: string,
  version: number,
): Promise<Record<string, unknown> | null> {
  const key = versionKey(kind, id, version);
  const cached = recentObjects.get(key);
  if (cached) return cached;
  const [row] = await db.query<{ object: string }>(
    'select object from history_versions where kind = $1 and object_id = $2 and version = $3',
    [kind, id, version],
  );
  if (!row) return null;
  const object = JSON.parse(row.object) as Record<string, unknown>;
  recentObjects.set(key, object);
  return object;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * Appends a version unless the object is as the newest version has it, then prunes past the
 * retention. `summarize` gets the previous object (null for the first). Returns the new version
 * number and summary, or null when nothing changed. The newest version's number and hash are read
 * every time (another console may have written one); its object usually comes from memory.
 */
export async function appendVersion(
  db: Queryable,
  entry: NewVersion,
  summarize: (before: Record<string, unknown> | null) => string,
): Promise<{ version: number; summary: string } | null> {
  const hash = contentHash(entry.object);
  for (let attempt = 0; ; attempt++) {
    const [newest] = await db.query<{ version: number; content_hash: string; context: string | null }>(
      'select version, content_hash, context from history_versions where kind = $1 and object_id = $2 order by version desc limit 1',
      [entry.kind, entry.id],
    );
    if (newest && newest.content_hash === hash) return null;
    const before = newest ? await versionObject(db, entry.kind, entry.id, newest.version) : null;
    const summary = summarize(before);
    const version = (newest?.version ?? 0) + 1;
    const context = entry.context ?? (newest?.context ? (JSON.parse(newest.context) as ObjectContext) : null);
    try {
      await db.query(
        `insert into history_versions (kind, object_id, version, author, source, summary, request_id, message, content_hash, object, context, at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12::timestamptz, now()))`,
        [
          entry.kind,
          entry.id,
          version,
          entry.author,
          entry.source,
          summary.slice(0, 1000),
          entry.requestId,
          entry.message ? entry.message.slice(0, MAX_MESSAGE) : null,
          hash,
          JSON.stringify(entry.object),
          context ? JSON.stringify(context) : null,
          entry.at ?? null,
        ],
      );
    } catch (error) {
      // Another console appended the same version number first: read again and follow it.
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
    recentObjects.set(versionKey(entry.kind, entry.id, version), entry.object);
    await pruneVersions(db, entry.kind, entry.id, version);
    return { version, summary };
  }
}

/** Drops versions past `HISTORY_KEEP` (a lookup on the unique index), never the newest; the age limit is applied by `pruneExpiredVersions`. */
export async function pruneVersions(db: Queryable, kind: HistoryKind, id: string, newest: number): Promise<void> {
  const { keep } = historyRetention();
  if (newest > keep)
    await db.query('delete from history_versions where kind = $1 and object_id = $2 and version <= $3', [
      kind,
      id,
      newest - keep,
    ]);
}

/** Versions older than `HISTORY_DAYS`, every object's newest aside; run now and then, not on each save. */
export async function pruneExpiredVersions(db: Queryable): Promise<void> {
  const { days } = historyRetention();
  await db.query(
    `delete from history_versions old where old.at < now() - make_interval(days => $1::int)
       and exists (select 1 from history_versions newer where newer.kind = old.kind and newer.object_id = old.object_id and newer.version > old.version)`,
    [days],
  );
}

export async function listVersions(db: Queryable, kind: HistoryKind, id: string): Promise<VersionEntry[]> {
  const rows = await db.query<VersionRow>(
    `select version, at, author, source, summary, request_id, message from history_versions
     where kind = $1 and object_id = $2 order by version desc`,
    [kind, id],
  );
  return rows.map((row) => ({
    version: row.version,
    at: iso(row.at),
    author: row.author,
    source: row.source,
    summary: row.summary,
    requestId: row.request_id,
    message: row.message,
  }));
}

export async function readVersion(
  db: Queryable,
  kind: HistoryKind,
  id: string,
  version: number,
): Promise<StoredVersion | null> {
  const [row] = await db.query<{ version: number; object: string; context: string | null; content_hash: string }>(
    'select version, object, context, content_hash from history_versions where kind = $1 and object_id = $2 and version = $3',
    [kind, id, version],
  );
  return row
    ? {
        version: row.version,
        object: JSON.parse(row.object),
        context: row.context ? JSON.parse(row.context) : null,
        hash: row.content_hash,
      }
    : null;
}

export interface DeletedRecord {
  kind: HistoryKind;
  id: string;
  name: string;
  deletedBy: string;
  requestId: string | null;
  deletedWith?: string | null;
}

export async function markDeleted(db: Queryable, record: DeletedRecord): Promise<void> {
  await db.query(
    `insert into history_deleted (kind, object_id, name, deleted_by, request_id, deleted_with) values ($1, $2, $3, $4, $5, $6)
     on conflict (kind, object_id) do update set name = excluded.name, deleted_at = now(), deleted_by = excluded.deleted_by,
       request_id = excluded.request_id, deleted_with = excluded.deleted_with`,
    [record.kind, record.id, record.name, record.deletedBy, record.requestId, record.deletedWith ?? null],
  );
}

/** Deleted within `HISTORY_DAYS`, newest first. */
export async function listDeleted(db: Queryable): Promise<DeletedEntry[]> {
  const { days } = historyRetention();
  const rows = await db.query<{
    kind: HistoryKind;
    object_id: string;
    name: string;
    deleted_at: Date | string;
    deleted_by: string;
  }>(
    `select kind, object_id, name, deleted_at, deleted_by from history_deleted
     where deleted_at >= now() - make_interval(days => $1::int) order by deleted_at desc, object_id`,
    [days],
  );
  return rows.map((row) => ({
    kind: row.kind,
    id: row.object_id,
    name: row.name,
    deletedAt: iso(row.deleted_at),
    deletedBy: row.deleted_by,
  }));
}

export async function findDeleted(db: Queryable, kind: HistoryKind, id: string): Promise<{ name: string } | null> {
  const { days } = historyRetention();
  const [row] = await db.query<{ name: string }>(
    'select name from history_deleted where kind = $1 and object_id = $2 and deleted_at >= now() - make_interval(days => $3::int)',
    [kind, id, days],
  );
  return row ?? null;
}

/** Objects deleted along with `id` (a dashboard's alerts). */
export async function deletedWith(db: Queryable, id: string): Promise<Array<{ kind: HistoryKind; id: string }>> {
  const rows = await db.query<{ kind: HistoryKind; object_id: string }>(
    'select kind, object_id from history_deleted where deleted_with = $1',
    [id],
  );
  return rows.map((row) => ({ kind: row.kind, id: row.object_id }));
}

/** Claims a deleted object for restoring: exactly one of two restores at once gets true. */
export async function claimDeleted(db: Queryable, kind: HistoryKind, id: string): Promise<boolean> {
  const rows = await db.query('delete from history_deleted where kind = $1 and object_id = $2 returning object_id', [
    kind,
    id,
  ]);
  return rows.length > 0;
}

/** Drops deleted-list entries past `HISTORY_DAYS`. */
export async function pruneDeleted(db: Queryable): Promise<void> {
  const { days } = historyRetention();
  await db.query('delete from history_deleted where deleted_at < now() - make_interval(days => $1::int)', [days]);
}
