import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { auditPage } from '@/lib/server/audit/routes';
import { defineRoute } from '@/lib/server/define-route';

/** The audit log, for admins: `?user=&operation=&from=&to=&before=&limit=`. */
export const GET = defineRoute({ role: REQUIRED_ROLE.readAuditLog, handler: ({ request }) => auditPage(request) });
