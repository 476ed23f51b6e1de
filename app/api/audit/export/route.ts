import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { auditExport } from '@/lib/server/audit/routes';
import { defineRoute } from '@/lib/server/define-route';

/** The audit log as CSV, with the same filters as `GET /api/audit`. */
export const GET = defineRoute({
  role: REQUIRED_ROLE.readAuditLog,
  handler: ({ request, requestId }) => auditExport(request, requestId),
});
