import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { searchQuerySchema } from '@/lib/schemas/observability/search-query';
import { defineRoute } from '@/lib/server/define-route';
import { asSent, observabilityApi } from '@/lib/server/upstream/typed';

/** The latest events of a source (search tiles); it only reads, so a viewer may run it, and it is paced, cached and coalesced like a read. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.read,
  body: searchQuerySchema,
  handler: ({ body }) => observabilityApi.proxy('post', '/api/v2/search', { body: asSent(body) }, { read: true }),
});
