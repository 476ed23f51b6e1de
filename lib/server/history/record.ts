import 'server-only';
import { isDashboardKind, RESTORABLE_DELETED_KINDS, type HistoryKind, type VersionSource } from '@/lib/history/kinds';
import { normalizeObject, objectName } from '@/lib/history/normalize';
import { summarizeChange } from '@/lib/history/summary';
import type { SessionUser } from '@/lib/auth/roles';
import { consoleDatabase } from '../db/shared';
import { writeBehind } from '../db/write-behind';
import type { Queryable } from '../db/types';
import { trackUntilShutdown } from '../lifecycle';
import { log } from '../log';
import { historyWriteFailures } from './metrics';
import { locate, readObject, recordOf, type Json } from './objects';
import { objectRoute, type ObjectRoute } from './routes-of-objects';
import {
  appendVersion,
  contentHash,
  latestHashes,
  latestVersion,
  markDeleted,
  pruneExpiredVersions,
  type ObjectContext,
} from './store';

/**
 * Keeps a version of every object the console writes, and of every change it notices when it
 * reads one. Never throws and never blocks the change: a history that cannot be written is logged
 * and counted (`sluice_history_write_failures_total`), as the audit log does.
 */

/** The optional message a person typed at save, URI-encoded (headers carry only ASCII). */
export const CHANGE_MESSAGE_HEADER = 'x-sluice-change-message';

function changeMessage(request: Request): string | null {
  const raw = request.headers.get(CHANGE_MESSAGE_HEADER);
  if (!raw) return null;
  try {
    return decodeURIComponent(raw).trim() || null;
  } catch {
    return raw.trim() || null;
  }
}

async function guarded<T>(what: string, requestId: string | null, work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    historyWriteFailures.inc();
    log.error({ err: error, requestId }, `history: ${what} could not be written`);
    return null;
  }
}

async function answerOf(response: Response): Promise<unknown> {
  if (!response.headers.get('content-type')?.includes('json') || response.status === 204) return null;
  try {
    return await response.clone().json();
  } catch {
    return null;
  }
}

export interface StoreVersionInput {
  kind: HistoryKind;
  id: string;
  object: Json;
  source: VersionSource;
  author: string | null;
  requestId: string | null;
  message?: string | null;
  context?: ObjectContext | null;
  /** True for an object the console has just created. */
  created?: boolean;
  /** When the change happened (a version written late keeps it); else when it is stored. */
  at?: string;
}

/** The summary of a save of an object the history had not seen: the audit log keeps the body's field names then. */
const UNKNOWN_BEFORE = 'saved (no earlier version known)';

/** Versions past HISTORY_DAYS go at most once an hour, after a save, not in its way. */
const EXPIRY_INTERVAL_MS = 3_600_000;
let lastExpiry = 0;

function pruneExpiredSoon(db: Queryable): void {
  const now = Date.now();
  if (now - lastExpiry < EXPIRY_INTERVAL_MS) return;
  lastExpiry = now;
  void trackUntilShutdown(guarded('the pruning of old versions', null, () => pruneExpiredVersions(db)));
}

/** Appends one version (see store.appendVersion); answers its one-line summary. */
export async function storeVersion(db: Queryable, input: StoreVersionInput): Promise<string> {
  pruneExpiredSoon(db);
  const stored = await appendVersion(db, { ...input }, (before) => {
    if (before) return summarizeChange(before, input.object);
    if (input.created) return 'created';
    return input.source === 'outside' ? 'first seen by Sluice' : UNKNOWN_BEFORE;
  });
  return stored?.summary ?? 'no changes';
}

/**
 * After a request through define-route: a successful write stores a version (its summary goes to
 * the audit log); a read notices changes made outside Sluice. Answers the summary of a write.
 */
export async function recordObjectRequest(
  request: Request,
  requestId: string,
  user: SessionUser | null | undefined,
  response: Response,
): Promise<string | null> {
  if (!user || response.status >= 400) return null;
  const route = objectRoute(request.method, new URL(request.url).pathname);
  if (!route) return null;
  switch (route.action) {
    case 'answer':
    case 'reread':
      return guarded('a version', requestId, () => recordWrite(route, request, requestId, user, response));
    case 'delete':
      return guarded('a deleted object', requestId, () => recordDelete(route, requestId, user));
    case 'read':
      await guarded('a change seen outside Sluice', requestId, () => observeRead(route, response, requestId));
      return null;
    case 'list':
      observeListSoon(route, response, requestId);
      return null;
  }
}

async function recordWrite(
  route: ObjectRoute,
  request: Request,
  requestId: string,
  user: SessionUser,
  response: Response,
): Promise<string | null> {
  const created = route.id === null;
  const record = route.action === 'answer' ? recordOf(await answerOf(response)) : null;
  const id = route.id ?? (typeof record?.id === 'string' ? record.id : null);
  if (!id) return null;
  const object =
    route.action === 'answer'
      ? normalizeObject(route.kind, record)
      : await readObject(route.kind, id, locate(route.context));
  if (!object) return null;
  const version: StoreVersionInput = {
    kind: route.kind,
    id,
    object,
    source: 'sluice',
    author: user.name,
    requestId,
    message: changeMessage(request),
    context: route.context,
    created,
    at: new Date().toISOString(),
  };
  // The change happened upstream: a version the database refuses is written once it is back, in order.
  const summary = await unwrittenVersions().write(version);
  return summary === UNKNOWN_BEFORE ? null : summary;
}

/** Versions of changes made through Sluice that the database refused (an outage), written later in order. */
function unwrittenVersions() {
  return writeBehind<StoreVersionInput, string>({
    noun: 'history version',
    insert: async (version) => storeVersion(await consoleDatabase(), version),
    describe: (version) => ({ requestId: version.requestId, kind: version.kind, objectId: version.id }),
    onFailure: () => historyWriteFailures.inc(),
  });
}

/** How many versions wait for the database (tests). */
export function unwrittenHistoryVersions(): number {
  return unwrittenVersions().waiting;
}

/** Writes the versions kept while the database was away (tests; the shutdown does it too). */
export function flushUnwrittenVersions(): Promise<void> {
  return unwrittenVersions().flush();
}

async function recordDelete(route: ObjectRoute, requestId: string, user: SessionUser): Promise<string | null> {
  if (!route.id) return null;
  const db = await consoleDatabase();
  const last = await latestVersion(db, route.kind, route.id);
  // Without a version there is nothing to restore from; keys and endpoints are not restored as new.
  if (!last || !(RESTORABLE_DELETED_KINDS as readonly HistoryKind[]).includes(route.kind)) return 'deleted';
  await markDeleted(db, {
    kind: route.kind,
    id: route.id,
    name: objectName(last.object) ?? route.id,
    deletedBy: user.name,
    requestId,
  });
  if (isDashboardKind(route.kind)) await markAlertsDeletedWith(db, route, requestId, user);
  return 'deleted';
}

/** Upstream deletes a dashboard's alerts with it: they come back when the dashboard is restored. */
async function markAlertsDeletedWith(
  db: Queryable,
  route: ObjectRoute,
  requestId: string,
  user: SessionUser,
): Promise<void> {
  const alertKind: HistoryKind = route.kind === 'dashboards' ? 'alerts' : 'managed-alerts';
  const rows = await db.query<{ object_id: string; object: string }>(
    `select distinct on (object_id) object_id, object from history_versions
     where kind = $1 and object like $2 order by object_id, version desc`,
    [alertKind, `%${route.id}%`],
  );
  for (const row of rows) {
    const alert = JSON.parse(row.object) as Json;
    if (alert.dashboardId !== route.id) continue;
    await markDeleted(db, {
      kind: alertKind,
      id: row.object_id,
      name: objectName(alert) ?? 'Alert',
      deletedBy: user.name,
      requestId,
      deletedWith: route.id,
    });
  }
}

async function observeRead(route: ObjectRoute, response: Response, requestId: string): Promise<void> {
  if (!route.id) return;
  const object = normalizeObject(route.kind, recordOf(await answerOf(response)));
  if (!object) return;
  await storeVersion(await consoleDatabase(), {
    kind: route.kind,
    id: route.id,
    object,
    source: 'outside',
    author: null,
    requestId,
    context: route.context,
  });
}

/** A list is read often (polling): one look per kind and place every few seconds, after the answer has gone. */
const LIST_LOOK_INTERVAL_MS = 5_000;
const lastListLook = new Map<string, number>();

function observeListSoon(
  route: Pick<ObjectRoute, 'kind' | 'context'>,
  response: Response | unknown,
  requestId: string | null,
): void {
  const key = `${route.kind}:${route.context.organizationId ?? ''}:${route.context.serviceId ?? ''}`;
  const now = Date.now();
  if (now - (lastListLook.get(key) ?? 0) < LIST_LOOK_INTERVAL_MS) return;
  lastListLook.set(key, now);
  void trackUntilShutdown(guarded('changes seen in a list', requestId, () => observeList(route, response, requestId)));
}

/**
 * A list a page read on the server (its HTML carries it, so the browser does not ask the BFF):
 * noticed like a list read through the BFF, so objects first seen there have a version (a pipe
 * deleted later is then kept in Recently deleted).
 */
export function noticeListedObjects(kind: HistoryKind, context: ObjectContext, list: unknown): void {
  observeListSoon({ kind, context }, { result: list }, null);
}

function listRecords(body: unknown): Json[] {
  if (typeof body !== 'object' || body === null) return [];
  const { result, data } = body as { result?: unknown; data?: unknown };
  const list = Array.isArray(result) ? result : Array.isArray(data) ? data : [];
  return list.filter(
    (item): item is Json => typeof item === 'object' && item !== null && typeof (item as Json).id === 'string',
  );
}

export async function observeList(
  route: Pick<ObjectRoute, 'kind' | 'context'>,
  response: Response | unknown,
  requestId: string | null,
): Promise<void> {
  const body = response instanceof Response ? await answerOf(response) : response;
  const objects = listRecords(body).map((record) => ({
    id: record.id as string,
    object: normalizeObject(route.kind, record)!,
  }));
  if (objects.length === 0) return;
  const db = await consoleDatabase();
  const known = await latestHashes(
    db,
    route.kind,
    objects.map((entry) => entry.id),
  );
  for (const { id, object } of objects) {
    if (known.get(id) === contentHash(object)) continue;
    await storeVersion(db, {
      kind: route.kind,
      id,
      object,
      source: 'outside',
      author: null,
      requestId,
      context: route.context,
    });
  }
}
