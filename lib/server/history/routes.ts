import 'server-only';
import { hasRole, type SessionUser } from '@/lib/auth/roles';
import { restoreRoleFor } from '@/lib/history/roles';
import { kindNoun, type HistoryKind } from '@/lib/history/kinds';
import type { RestoreBody } from '@/lib/schemas/history';
import { consoleDatabase } from '../db/shared';
import { ApiError, jsonResponse } from '../errors';
import { locate } from './objects';
import { storeVersion } from './record';
import { currentState, restoreDeleted, restoreVersion } from './restore';
import { latestVersion, listDeleted, listVersions, pruneDeleted, readVersion } from './store';

/** The handlers of `/api/history/**`: one function per route. */

interface ObjectParams {
  kind: HistoryKind;
  id: string;
}

/**
 * Versions newest first. The object is read first, so a change made outside Sluice since it was
 * last seen is in the list; the answer's ETag is the object's now, for a restore's If-Match.
 */
export async function historyList({ kind, id }: ObjectParams, requestId: string): Promise<Response> {
  const db = await consoleDatabase();
  const last = await latestVersion(db, kind, id);
  const at = locate(last?.context);
  let etag: string | null = null;
  try {
    const state = await currentState(kind, id, at);
    if (state?.object)
      await storeVersion(db, {
        kind,
        id,
        object: state.object,
        source: 'outside',
        author: null,
        requestId,
        context: last?.context ?? null,
      });
    etag = state?.etag ?? null;
  } catch {
    // The upstream is unreachable: the history the console has is still worth showing.
  }
  const data = await listVersions(db, kind, id);
  return jsonResponse({ data }, 200, etag ? { etag } : undefined);
}

export async function historyVersion({ kind, id, version }: ObjectParams & { version: string }): Promise<Response> {
  const stored = await readVersion(await consoleDatabase(), kind, id, Number(version));
  if (!stored) throw new ApiError(404, 'VERSION_NOT_FOUND', `Version ${version} is not in this object's history`);
  return jsonResponse({ data: { version: stored.version, object: stored.object } });
}

export function historyRestore(
  params: ObjectParams,
  body: RestoreBody,
  request: Request,
  user: SessionUser,
  requestId: string,
): Promise<Response> {
  return restoreVersion({ ...params, version: body.version, asNew: body.asNew === true, request, user, requestId });
}

export async function deletedList(): Promise<Response> {
  const db = await consoleDatabase();
  await pruneDeleted(db);
  return jsonResponse({ data: await listDeleted(db) });
}

export function deletedRestore(params: ObjectParams, user: SessionUser, requestId: string): Promise<Response> {
  return restoreDeleted({ ...params, user, requestId });
}

/** Reading history is every signed-in user's; restoring needs the role editing the object needs. */
export function assertCanRestore(user: SessionUser, kind: HistoryKind): void {
  const role = restoreRoleFor(kind);
  if (!hasRole(user.role, role))
    throw new ApiError(
      403,
      'FORBIDDEN',
      `Restoring a ${kindNoun(kind)} needs the ${role} role; you are signed in as ${user.role}`,
    );
}
