import 'server-only';
import { timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, register } from 'prom-client';
import { ApiError } from './errors';
import { clientAddress } from './sign-in';
import { envText } from './env';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

// Process metrics (CPU, memory, event loop lag) once per process, however often Next loads this.
const STARTED = Symbol.for('sluice.default-metrics');
type Holder = { [STARTED]?: boolean };
if (!(globalThis as Holder)[STARTED]) {
  (globalThis as Holder)[STARTED] = true;
  collectDefaultMetrics({ prefix: 'sluice_' });
}

function bearerMatches(request: Request, token: string): boolean {
  const header = request.headers.get('authorization') ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Prometheus text for a client on this machine, or a scraper elsewhere holding `METRICS_TOKEN`
 * (as a bearer token). Counts and timings only: no ids, names or bodies.
 */
export async function metricsResponse(request: Request): Promise<Response> {
  const token = envText('METRICS_TOKEN');
  const allowed =
    LOOPBACK.has(clientAddress(request)) || (token !== undefined && token !== '' && bearerMatches(request, token));
  if (!allowed) {
    throw new ApiError(
      403,
      'FORBIDDEN',
      token
        ? 'Metrics need the bearer token in METRICS_TOKEN'
        : 'Metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere',
    );
  }
  return new Response(await register.metrics(), {
    status: 200,
    headers: { 'content-type': register.contentType, 'cache-control': 'no-store' },
  });
}
