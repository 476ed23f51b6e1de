import { hasRole } from '@/lib/auth/roles';
import { useConsole } from '@/lib/console/console-context';
import type { HistoryKind } from '@/lib/history/kinds';
import { restoreRoleFor } from '@/lib/history/roles';

/** Restore is offered to the roles that may edit the object (the BFF checks it again). */
export function useCanRestore(kind: HistoryKind): boolean {
  return hasRole(useConsole().user.role, restoreRoleFor(kind));
}
