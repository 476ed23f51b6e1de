import type { AuditQuery } from '@/lib/schemas/audit-bounds';

/** Query keys of the audit log; every key of this resource starts with `auditKeys.all`. */
export const auditKeys = {
  all: ['audit'] as const,
  page: (query: AuditQuery) => [...auditKeys.all, 'page', query] as const,
};
