import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@/lib/audit/events';
import { auditQueryString, type AuditQuery } from '@/lib/schemas/audit-bounds';
import { apiFetch } from '../client';
import { auditKeys } from './keys';

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export function useAuditQuery(query: AuditQuery, enabled = true) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => apiFetch<AuditPage>(`/api/audit${auditQueryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function auditExportHref(query: AuditQuery): string {
  const { before: _before, limit: _limit, ...filters } = query;
  return `/api/audit/export${auditQueryString(filters)}`;
}
