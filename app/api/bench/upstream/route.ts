/**
 * A diagnostic of `bench/proxy`: the BFF's key-list read without its guards (no session, role or
 * parameter checks), so the benchmark can tell the upstream hop's cost from the guards' cost.
 * It exists only while the benchmark runs the server with SLUICE_BENCH=1.
 */
import { consoleContext } from '@/lib/server/env';
import { ApiError, errorResponse } from '@/lib/server/errors';
import { organizationPath } from '@/lib/server/route-params';
import { cloudProxy } from '@/lib/server/upstream/cloud';

export function GET(): Promise<Response> | Response {
  if (process.env.SLUICE_BENCH !== '1') return errorResponse(new ApiError(404, 'NOT_FOUND', 'No such API route'));
  return cloudProxy('GET', organizationPath({ organizationId: consoleContext().organizationId }, 'keys'));
}
