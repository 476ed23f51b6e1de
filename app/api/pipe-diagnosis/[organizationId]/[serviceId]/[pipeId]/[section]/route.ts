import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { sectionParams as params, sectionResponse } from '@/lib/server/diagnosis/routes';

/** A section of a pipe's page read from its service's tables (`log`, `errors`, `rows`); viewers see them. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p, request }) => sectionResponse(p, request, false),
});
/** The same read, waking an idle service first (billed): only when a person asks. */
export const POST = defineRoute({
  role: REQUIRED_ROLE.read,
  params,
  handler: ({ params: p, request }) => sectionResponse(p, request, true),
});
