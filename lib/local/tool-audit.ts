import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import type { Queryable } from '../server/db/types';

/** The audit log's operations of the user commands: the same names the Users page's changes get. */
export type UserOperation = 'user.create' | 'user.update' | 'user.delete' | 'user.password-reset';

export interface ToolChange {
  operation: UserOperation;
  /** The user changed. */
  user: string;
  /** Which fields changed, as the Users page's events name them (`role`, `services.<id>`). */
  changes?: string;
}

/** Who ran the command: the account on the server's shell, since no console user signed in. */
function shellActor(): string {
  try {
    return `${userInfo().username} (shell)`;
  } catch {
    return 'shell';
  }
}

/**
 * A change made with `npm run users` goes to the audit log like one made on the Users page: the
 * Audit page shows who changed whom from the server's shell. Written into the console's database
 * through the same connection as the change (directly, or through the running console).
 */
export async function recordToolChange(db: Queryable, change: ToolChange): Promise<void> {
  await db.query(
    `insert into audit_events (at, actor, actor_role, auth_method, operation, target_type, target_id, target_name, outcome,
       status, request_id, error_code, changes, client_address)
     values ($1, $2, null, null, $3, 'Console user', $4, $4, 'success', 200, $5, null, $6, null)`,
    [new Date().toISOString(), shellActor(), change.operation, change.user, randomUUID(), change.changes ?? null],
  );
}
