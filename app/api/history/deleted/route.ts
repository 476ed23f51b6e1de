import { REQUIRED_ROLE } from '@/lib/auth/roles';
import { defineRoute } from '@/lib/server/define-route';
import { deletedList } from '@/lib/server/history/routes';

/** `{data: [{kind, id, name, deletedAt, deletedBy}]}`, newest first, within HISTORY_DAYS. */
export const GET = defineRoute({ role: REQUIRED_ROLE.read, handler: () => deletedList() });
