import type { Role, SignInMethod } from '../auth/roles';

/** One line of the audit log as the Audit page and the CSV export get it. */
export interface AuditRecord {
  id: string;
  /** ISO-8601. */
  at: string;
  actor: string;
  actorRole: Role | null;
  authMethod: SignInMethod | null;
  operation: string;
  targetType: string | null;
  targetId: string | null;
  targetName: string | null;
  outcome: 'success' | 'failure';
  status: number;
  requestId: string;
  errorCode: string | null;
  /** Which fields a change touched (names only, never values, but for a few safe enums). */
  changes: string | null;
  clientAddress: string | null;
}

export interface AuditPage {
  events: AuditRecord[];
  /** Cursor of the next (older) page; null on the last page. */
  next: string | null;
}
