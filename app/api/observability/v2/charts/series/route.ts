import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { chartQuerySchema } from '@/lib/schemas/observability/chart-query';
import { alignChartRange } from '@/lib/server/chart-range';
import { defineRoute } from '@/lib/server/define-route';
import { observabilityApi } from '@/lib/server/upstream/typed';

/**
 * A chart query only reads data, so a viewer may run it even though it is a POST; it is paced,
 * cached and coalesced like a read, its range aligned to its buckets so users share answers.
 */
export const POST = defineRoute({
  role: REQUIRED_ROLE.read,
  body: chartQuerySchema,
  handler: ({ body }) =>
    observabilityApi.proxy('post', '/api/v2/charts/series', { body: alignChartRange(body) }, { read: true }),
});
