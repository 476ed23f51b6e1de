import 'server-only';
import { createHash } from 'node:crypto';
import { editedTileIssues } from '@/lib/schemas/observability/dashboard-edits';
import type { DashboardBody } from '@/lib/schemas/observability/dashboard';
import { ApiError, jsonResponse, validationError } from './errors';
import { LockTimeoutError, sharedStore } from './shared-state';
import { sanitize } from './sanitize';
import type { UpstreamResult } from './upstream/http';
import { passThrough } from './upstream/pass-through';

/**
 * Optimistic concurrency for dashboards. Neither upstream has a version field, so two editors
 * would silently overwrite each other; the BFF derives an entity tag from the stored dashboard
 * and makes a replace conditional on it (RFC 9110 If-Match).
 */

/** How one surface reaches one stored dashboard, and where the dashboard sits in its body. */
export interface DashboardUpstream {
  /** Names the dashboard's write lock, unique across surfaces. */
  lockName: string;
  /** `fresh`: past the shared read cache, for the check before a write. */
  read: (options?: { fresh?: boolean }) => Promise<UpstreamResult>;
  replace: (body: unknown) => Promise<UpstreamResult>;
  /** `{data}` on the open-source surface, the `{result}` envelope on the managed one. */
  unwrap: (body: unknown) => unknown;
}

/** JSON with object keys sorted at every level, so the hash does not depend on key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    // The keys of one object are distinct: no two compare equal.
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      // Stryker disable next-line EqualityOperator: with distinct keys `a <= b` is `a < b`.
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A strong entity tag: the sha256 of the dashboard's canonical JSON, base64url, quoted. */
export function dashboardEtag(dashboard: unknown): string {
  return `"${createHash('sha256').update(canonicalJson(dashboard)).digest('base64url')}"`;
}

/**
 * The tags of an If-Match list; weak tags never match (If-Match uses strong comparison). `*`
 * is an explicit "replace whatever is stored", which the editor never sends.
 */
export function ifMatchTags(header: string): string[] | '*' {
  if (header.trim() === '*') return '*';
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag.startsWith('"'));
}

function storedDashboard(upstream: DashboardUpstream, result: UpstreamResult): unknown {
  return upstream.unwrap(sanitize(result.data));
}

function withEtag(response: Response, etag: string): Response {
  response.headers.set('etag', etag);
  return response;
}

export async function getDashboardWithEtag(upstream: DashboardUpstream): Promise<Response> {
  const result = await upstream.read();
  return withEtag(passThrough(result), dashboardEtag(storedDashboard(upstream, result)));
}

const PRECONDITION_REQUIRED_MESSAGE =
  'Saving a dashboard needs the If-Match header with the ETag from its GET, so a change made meanwhile by someone else is not overwritten';

export async function replaceDashboardIfMatch(
  upstream: DashboardUpstream,
  request: Request,
  body: DashboardBody,
  requestId: string,
): Promise<Response> {
  // Header values come trimmed (Fetch): a blank one reads as ''.
  const header = request.headers.get('if-match');
  if (header === null || header === '') throw new ApiError(428, 'PRECONDITION_REQUIRED', PRECONDITION_REQUIRED_MESSAGE);
  const tags = ifMatchTags(header);
  if (tags === '*') {
    checkEditedTiles(body, null);
    return replaced(upstream, await upstream.replace(body));
  }
  // The check and the write happen under one lock, shared by every console instance (with Redis),
  // so two saves based on the same version cannot both pass the check. Writers outside the console
  // are not held by it: upstream offers nothing conditional.
  try {
    return await sharedStore().withLock(`dashboard:${upstream.lockName}`, DASHBOARD_LOCK, () =>
      checkAndReplace(upstream, tags, body, requestId),
    );
  } catch (error) {
    if (!(error instanceof LockTimeoutError)) throw error;
    throw new ApiError(
      409,
      'SAVE_IN_PROGRESS',
      'Another save of this dashboard is still in progress; try again in a moment',
      {
        headers: { 'retry-after': '2' },
      },
    );
  }
}

/** Longer than a save can take (the upstream write deadline), so a crashed instance's lock expires. */
const DASHBOARD_LOCK = { ttlMs: 45_000, waitMs: 20_000 };

/**
 * The editor's rules for the tiles the user added or changed; a tile sent back as stored is
 * upstream's to judge (it accepted it), so a shape the editor does not author never blocks a save.
 */
function checkEditedTiles(body: DashboardBody, stored: unknown): void {
  const issues = editedTileIssues(body.tiles, stored);
  if (issues.length > 0) throw validationError({ issues });
}

async function checkAndReplace(
  upstream: DashboardUpstream,
  tags: string[],
  body: DashboardBody,
  requestId: string,
): Promise<Response> {
  const current = storedDashboard(upstream, await upstream.read({ fresh: true }));
  const currentEtag = dashboardEtag(current);
  if (!tags.includes(currentEtag)) {
    return jsonResponse(
      {
        status: 412,
        error: 'The dashboard was changed by someone else since you loaded it; choose which version to keep',
        code: 'PRECONDITION_FAILED',
        requestId,
        current,
        etag: currentEtag,
      },
      412,
      { etag: currentEtag },
    );
  }
  checkEditedTiles(body, current);
  return replaced(upstream, await upstream.replace(body));
}

function replaced(upstream: DashboardUpstream, result: UpstreamResult): Response {
  return withEtag(passThrough(result), dashboardEtag(storedDashboard(upstream, result)));
}
