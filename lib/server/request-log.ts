import 'server-only';
import { log } from './log';
import { httpDuration, httpRequests } from './metrics';

/**
 * The route as written in app/api (`/api/cloud/v1/organizations/[organizationId]/keys/[keyId]`):
 * each parameter's value in the path is put back as its name, so logs and metrics group by route
 * and never carry ids.
 */
export function routePattern(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const segments = pathname.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : value ? [value] : [];
    if (values.length === 0) continue;
    // The last run of segments equal to the value: parameters come after the fixed parts.
    for (let i = segments.length - values.length; i >= 0; i--) {
      if (values.every((v, k) => segments[i + k] === v)) {
        segments.splice(i, values.length, Array.isArray(value) ? `[...${name}]` : `[${name}]`);
        break;
      }
    }
  }
  return segments.join('/');
}

export interface RequestRecord {
  request: Request;
  params: Record<string, string | string[] | undefined>;
  status: number;
  /** `performance.now()` when the request arrived. */
  started: number;
  user?: string;
  requestId: string;
}

/** One line per BFF request: no body, no query (it may hold a search), no header. */
export function logRequest({ request, params, status, started, user, requestId }: RequestRecord): void {
  const seconds = (performance.now() - started) / 1000;
  const route = routePattern(new URL(request.url).pathname, params);
  const labels = { method: request.method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
  log.info(
    { requestId, method: request.method, route, status, durationMs: Math.round(seconds * 1000), user: user ?? null },
    'request',
  );
}
