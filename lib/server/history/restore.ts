import 'server-only';
import { safeParse } from 'zod/v4/core';
import type { SessionUser } from '@/lib/auth/roles';
import { isAlertKind, isDashboardKind, kindNoun, type HistoryKind } from '@/lib/history/kinds';
import { normalizeObject, pipeRunState } from '@/lib/history/normalize';
import { dashboardReplaceBodySchema, type DashboardBody } from '@/lib/schemas/observability/dashboard';
import { managedDashboardUpstream, ossDashboardUpstream } from '../dashboard-upstreams';
import { dashboardEtag, ifMatchTags, replaceDashboardIfMatch, type DashboardUpstream } from '../dashboard-versioning';
import { consoleDatabase } from '../db/shared';
import { ApiError, jsonResponse, validationError } from '../errors';
import { sanitize } from '../sanitize';
import { LockTimeoutError, sharedStore } from '../shared-state';
import { asSent, cloudApi } from '../upstream/typed';
import { createObject, locate, readObject, replaceAlert, writableBody, type Json, type Located } from './objects';
import { storeVersion } from './record';
import type { GuardedChange } from '@/lib/keys/console-key';
import { guardConsoleKey } from '../console-key';
import { claimDeleted, contentHash, deletedWith, findDeleted, latestVersion, markDeleted, readVersion } from './store';

/**
 * Restoring a version: a new version equal to the chosen one, written under the same If-Match
 * guard as a save (a save or restore in between answers 412 with the object as it is now). An
 * object gone upstream answers 404 `OBJECT_GONE`, and the caller may restore it as a new object.
 */

export interface RestoreRequest {
  kind: HistoryKind;
  id: string;
  version: number;
  asNew: boolean;
  request: Request;
  user: SessionUser;
  requestId: string;
}

function dashboardUpstream(kind: HistoryKind, id: string, at: Located): DashboardUpstream {
  return kind === 'dashboards' ? ossDashboardUpstream(id) : managedDashboardUpstream({ ...at, dashboardId: id });
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The object now and its entity tag (a dashboard's is the editor's own ETag); null when it is gone. */
export async function currentState(
  kind: HistoryKind,
  id: string,
  at: Located,
): Promise<{ object: Json | null; etag: string | null } | null> {
  try {
    if (isDashboardKind(kind)) {
      const upstream = dashboardUpstream(kind, id, at);
      const raw = upstream.unwrap(sanitize((await upstream.read({ fresh: true })).data));
      return { object: normalizeObject(kind, raw), etag: dashboardEtag(raw) };
    }
    const object = await readObject(kind, id, at);
    return { object, etag: object ? `"${contentHash(object)}"` : null };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const gone = (kind: HistoryKind) =>
  new ApiError(
    404,
    'OBJECT_GONE',
    `This ${kindNoun(kind)} no longer exists; restore the version as a new ${kindNoun(kind)} instead`,
  );

/** A dashboard body from a version: tiles that no longer exist lose their id and are created anew. */
function dashboardBody(object: Json, current: Json | null): DashboardBody {
  const currentIds = new Set(((current?.tiles as Json[] | undefined) ?? []).map((tile) => tile.id));
  const body = writableBody(object);
  body.tiles = ((object.tiles as Json[] | undefined) ?? []).map((tile) => {
    if (typeof tile.id === 'string' && currentIds.has(tile.id)) return tile;
    const { id: _id, ...rest } = tile;
    return rest;
  });
  const parsed = safeParse(dashboardReplaceBodySchema, body);
  if (!parsed.success) throw validationError(parsed.error, 'The version');
  return parsed.data;
}

async function restoredAnswer(
  input: RestoreRequest,
  at: Located,
  object: Json | null,
  etag: string | null,
): Promise<Response> {
  if (object) {
    await storeVersion(await consoleDatabase(), {
      kind: input.kind,
      id: input.id,
      object,
      source: 'restore',
      author: input.user.name,
      requestId: input.requestId,
      message: `restored version ${input.version}`,
      context: at,
    });
  }
  return jsonResponse({ data: object }, 200, etag ? { etag } : undefined);
}

export async function restoreVersion(input: RestoreRequest): Promise<Response> {
  const db = await consoleDatabase();
  const stored = await readVersion(db, input.kind, input.id, input.version);
  if (!stored)
    throw new ApiError(
      404,
      'VERSION_NOT_FOUND',
      `Version ${input.version} of this ${kindNoun(input.kind)} is not in its history`,
    );
  const at = locate(stored.context);
  if (input.asNew || input.kind === 'endpoints') return restoreAsNew(input.kind, at, stored.object, input);

  const header = input.request.headers.get('if-match');
  if (header === null || header.trim() === '') {
    throw new ApiError(
      428,
      'PRECONDITION_REQUIRED',
      'Restoring needs the If-Match header with the ETag from the history read, so a change made meanwhile is not overwritten',
    );
  }
  if (isDashboardKind(input.kind)) return restoreDashboard(input, at, stored.object);
  try {
    return await sharedStore().withLock(`history:${input.kind}:${input.id}`, { ttlMs: 45_000, waitMs: 20_000 }, () =>
      checkAndRestore(input, at, stored.object, header),
    );
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new ApiError(
      409,
      'SAVE_IN_PROGRESS',
      `Another change of this ${kindNoun(input.kind)} is in progress; try again in a moment`,
      { headers: { 'retry-after': '2' } },
    );
  }
}

async function restoreDashboard(input: RestoreRequest, at: Located, object: Json): Promise<Response> {
  const state = await currentState(input.kind, input.id, at);
  if (!state) throw gone(input.kind);
  const upstream = dashboardUpstream(input.kind, input.id, at);
  const response = await replaceDashboardIfMatch(
    upstream,
    input.request,
    dashboardBody(object, state.object),
    input.requestId,
  );
  if (response.status !== 200) return response;
  const raw = upstream.unwrap(sanitize(await response.json()));
  return restoredAnswer(input, at, normalizeObject(input.kind, raw), dashboardEtag(raw));
}

function preconditionFailed(input: RestoreRequest, current: Json, etag: string): Response {
  return jsonResponse(
    {
      status: 412,
      error: `The ${kindNoun(input.kind)} was changed by someone else since you opened its history; look at the newest version and choose again`,
      code: 'PRECONDITION_FAILED',
      requestId: input.requestId,
      current,
      etag,
    },
    412,
    { etag },
  );
}

async function checkAndRestore(input: RestoreRequest, at: Located, object: Json, header: string): Promise<Response> {
  const state = await currentState(input.kind, input.id, at);
  if (!state?.object || !state.etag) throw gone(input.kind);
  const tags = ifMatchTags(header);
  if (tags !== '*' && !tags.includes(state.etag)) return preconditionFailed(input, state.object, state.etag);
  if (isAlertKind(input.kind)) await replaceAlert(input.kind, input.id, at, writableBody(object));
  else if (input.kind === 'keys') await restoreKey(input, at, object);
  else if (input.kind === 'pipes') await restorePipe(input.id, at, object, state.object);
  const after = await currentState(input.kind, input.id, at);
  return restoredAnswer(input, at, after?.object ?? null, after?.etag ?? null);
}

/**
 * A key's settings, never its secret (which the history never had). Restoring an older version of
 * the console's own key can cut the console off as an edit can, so the same guard applies: a 409
 * naming what would happen unless the request carries the confirmation header.
 */
async function restoreKey(input: RestoreRequest, at: Located, object: Json): Promise<void> {
  const body: Json = {};
  for (const field of ['name', 'roles', 'expireAt', 'state', 'ipAccessList'])
    if (object[field] !== undefined) body[field] = object[field];
  await guardConsoleKey(input.request, { organizationId: at.organizationId, keyId: input.id }, body as GuardedChange);
  await cloudApi.call('patch', '/v1/organizations/{organizationId}/keys/{keyId}', {
    params: { ...at, keyId: input.id },
    body: asSent(body),
  });
}

const differs = (a: unknown, b: unknown) => JSON.stringify(a ?? null) !== JSON.stringify(b ?? null);

/** A pipe's definition, settings, scaling and state, each through its own write, only where it differs. */
async function restorePipe(id: string, at: Located, object: Json, current: Json): Promise<void> {
  const params = { ...at, clickPipeId: id };
  const PIPE = '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}';
  const patch: Json = {};
  if (differs(object.name, current.name)) patch.name = object.name;
  if (differs(object.fieldMappings, current.fieldMappings)) patch.fieldMappings = object.fieldMappings;
  const columns = (object.destination as Json | undefined)?.columns;
  if (differs(columns, (current.destination as Json | undefined)?.columns)) patch.destination = { columns };
  if (Object.keys(patch).length > 0) await cloudApi.call('patch', PIPE, { params, body: asSent(patch) });
  if (object.settings && differs(object.settings, current.settings))
    await cloudApi.call('put', `${PIPE}/settings`, { params, body: asSent(object.settings) });
  if (object.scaling && differs(object.scaling, current.scaling))
    await cloudApi.call('patch', `${PIPE}/scaling`, { params, body: asSent(object.scaling) });
  const run = pipeRunState(object.runState === 'stopped' ? 'Stopped' : 'Running');
  if (run !== current.runState)
    await cloudApi.call('patch', `${PIPE}/state`, { params, body: { command: run === 'stopped' ? 'stop' : 'start' } });
}

async function restoreAsNew(
  kind: HistoryKind,
  at: Located,
  object: Json,
  input: Pick<RestoreRequest, 'user' | 'requestId'> & { id: string; version?: number },
): Promise<Response> {
  const created = await createFromVersion(kind, at, object, input);
  return jsonResponse({ data: created }, 201);
}

/** Creates a new object with a version's content and starts its history with it. */
async function createFromVersion(
  kind: HistoryKind,
  at: Located,
  object: Json,
  input: Pick<RestoreRequest, 'user' | 'requestId'> & { id: string },
  body?: Json,
): Promise<Json> {
  if (kind === 'pipes' || kind === 'keys') {
    throw new ApiError(
      409,
      'NOT_RESTORABLE_AS_NEW',
      `A ${kindNoun(kind)} holds secrets the history never keeps: open its last definition in the wizard to create it again`,
    );
  }
  const payload =
    body ?? (kind === 'endpoints' ? { id: object.id, description: object.description } : writableBody(object));
  if (isDashboardKind(kind)) {
    payload.tiles = ((payload.tiles as Json[] | undefined) ?? []).map(({ id: _id, ...tile }) => tile);
  }
  const created = await createObject(kind, at, payload);
  const normalized = normalizeObject(kind, created);
  const newId = typeof created?.id === 'string' ? created.id : null;
  if (!normalized || !newId)
    throw new ApiError(502, 'UPSTREAM_BAD_RESPONSE', `The ${kindNoun(kind)} was created but its answer had no id`);
  await storeVersion(await consoleDatabase(), {
    kind,
    id: newId,
    object: normalized,
    source: 'restore',
    author: input.user.name,
    requestId: input.requestId,
    message: `restored from ${input.id}`,
    context: at,
    created: true,
  });
  return normalized;
}

/**
 * Restores an object deleted through Sluice as a new one. A dashboard's alerts deleted with it come
 * back too, pointed at the new dashboard's tiles (matched by their place in the tile list).
 */
export async function restoreDeleted(input: {
  kind: HistoryKind;
  id: string;
  user: SessionUser;
  requestId: string;
}): Promise<Response> {
  const db = await consoleDatabase();
  if (!(await findDeleted(db, input.kind, input.id))) {
    throw new ApiError(
      404,
      'NOT_DELETED',
      `No deleted ${kindNoun(input.kind)} with this id is kept (restored already, or deleted more than HISTORY_DAYS ago)`,
    );
  }
  const last = await latestVersion(db, input.kind, input.id);
  if (!last) throw new ApiError(404, 'VERSION_NOT_FOUND', `The ${kindNoun(input.kind)} has no version to restore`);
  // Two restores at once: the first to claim it restores it, the other is told.
  if (!(await claimDeleted(db, input.kind, input.id)))
    throw new ApiError(409, 'ALREADY_RESTORED', `This ${kindNoun(input.kind)} is being restored by someone else`);
  const at = locate(last.context);
  try {
    const created = await createFromVersion(input.kind, at, last.object, input);
    if (isDashboardKind(input.kind)) await restoreAlertsOf(input, last.object, created, at);
    return jsonResponse({ data: { id: created.id } }, 201);
  } catch (error) {
    await markDeleted(db, {
      kind: input.kind,
      id: input.id,
      name: String(last.object.name ?? input.id),
      deletedBy: input.user.name,
      requestId: input.requestId,
    });
    throw error;
  }
}

async function restoreAlertsOf(
  input: { id: string; user: SessionUser; requestId: string },
  oldDashboard: Json,
  newDashboard: Json,
  at: Located,
): Promise<void> {
  const db = await consoleDatabase();
  const oldTiles = (oldDashboard.tiles as Json[] | undefined) ?? [];
  const newTiles = (newDashboard.tiles as Json[] | undefined) ?? [];
  const tileMap = new Map(oldTiles.map((tile, index) => [tile.id, newTiles[index]?.id]));
  for (const alert of await deletedWith(db, input.id)) {
    const last = await latestVersion(db, alert.kind, alert.id);
    if (!last || !(await claimDeleted(db, alert.kind, alert.id))) continue;
    const body = writableBody(last.object);
    body.dashboardId = newDashboard.id;
    body.tileId = tileMap.get(last.object.tileId) ?? body.tileId;
    await createFromVersion(alert.kind, at, last.object, { ...input, id: alert.id }, body);
  }
}
