import type { Dashboard, DashboardBody } from '@/lib/schemas/observability/dashboard';
import { bffPath, type ServiceRef, type Surface } from '@/lib/observability/surface';
import { ApiRequestError, apiFetch, apiFetchWithHeaders, type ApiFetchOptions } from '../client';

/**
 * Dashboard calls of either surface. The open-source surface wraps records in `{data}`, the
 * managed one in the cloud envelope `{result}`; callers get the records.
 */
export interface SurfaceTarget extends ServiceRef {
  surface: Surface;
}

/** A dashboard with the entity tag the BFF computed for it (needed to save it). */
export interface VersionedDashboard {
  dashboard: Dashboard;
  etag: string;
}

/** An observability source (logs, traces…): what the pickers show, and its expressions (the fields it names). */
export interface ObservabilitySource {
  id: string;
  name: string;
  kind?: string;
  [expression: string]: unknown;
}

function unwrap<T>(surface: Surface, body: unknown): T {
  const record = body as { data?: T; result?: T } | undefined;
  return (surface === 'oss' ? record?.data : record?.result) as T;
}

async function call<T>(target: SurfaceTarget, path: string, options?: ApiFetchOptions): Promise<T> {
  return unwrap<T>(target.surface, await apiFetch<unknown>(path, options));
}

function requireEtag(headers: Headers): string {
  const etag = headers.get('etag');
  if (!etag)
    throw new ApiRequestError({
      status: 502,
      code: 'INVALID_RESPONSE',
      message: 'The server sent the dashboard without its version (ETag).',
    });
  return etag;
}

export function listDashboards(target: SurfaceTarget, signal?: AbortSignal): Promise<Dashboard[]> {
  return call<Dashboard[]>(target, bffPath(target.surface, target, 'dashboards'), { signal });
}

export async function getDashboard(
  target: SurfaceTarget,
  id: string,
  signal?: AbortSignal,
): Promise<VersionedDashboard> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(bffPath(target.surface, target, 'dashboards', id), {
    signal,
  });
  return { dashboard: unwrap<Dashboard>(target.surface, data), etag: requireEtag(headers) };
}

export function createDashboard(target: SurfaceTarget, body: DashboardBody): Promise<Dashboard> {
  return call<Dashboard>(target, bffPath(target.surface, target, 'dashboards'), { method: 'POST', body });
}

/** A conditional full replace: 412 (see `conflictOf`) when the stored dashboard is no longer `etag`. */
export async function replaceDashboard(
  target: SurfaceTarget,
  id: string,
  body: DashboardBody,
  etag: string,
): Promise<VersionedDashboard> {
  const { data, headers } = await apiFetchWithHeaders<unknown>(bffPath(target.surface, target, 'dashboards', id), {
    method: 'PUT',
    body,
    headers: { 'If-Match': etag },
  });
  return { dashboard: unwrap<Dashboard>(target.surface, data), etag: requireEtag(headers) };
}

export async function deleteDashboard(target: SurfaceTarget, id: string): Promise<void> {
  await apiFetch<unknown>(bffPath(target.surface, target, 'dashboards', id), { method: 'DELETE' });
}

export function listSources(target: SurfaceTarget, signal?: AbortSignal): Promise<ObservabilitySource[]> {
  return call<ObservabilitySource[]>(target, bffPath(target.surface, target, 'sources'), { signal });
}

/** The stored version a 412 carries, or null for any other error. */
export function conflictOf(error: unknown): VersionedDashboard | null {
  if (!(error instanceof ApiRequestError) || error.status !== 412) return null;
  const current = error.body?.current as Dashboard | undefined;
  const etag = error.body?.etag;
  return current && typeof etag === 'string' ? { dashboard: current, etag } : null;
}

/**
 * The body of a save: the record without its id, every other field as it came (ids of tiles and
 * filters stay, so upstream keeps them).
 */
export function toDashboardBody(dashboard: Dashboard | DashboardBody): DashboardBody {
  const { id: _id, ...body } = dashboard as Dashboard;
  return { ...body, tags: body.tags ?? [] } as DashboardBody;
}

/** The body of a new dashboard made from one (duplicate, import): without any id, so the server assigns new ones. */
export function toNewDashboardBody(dashboard: Dashboard | DashboardBody): DashboardBody {
  const body = toDashboardBody(dashboard);
  const tiles = body.tiles.map(({ id: _tile, ...tile }) => tile);
  const filters = body.filters?.map(({ id: _filter, ...filter }) => filter);
  return { ...body, tiles, ...(filters ? { filters } : {}) };
}

/** A copy of a dashboard: everything but its ids (the copy's tiles and filters get their own), named "… (copy)". */
export function duplicateBody(dashboard: Dashboard): DashboardBody {
  return { ...toNewDashboardBody(dashboard), name: `${dashboard.name} (copy)`.slice(0, 1024) };
}
