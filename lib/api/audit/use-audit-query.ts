import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@/lib/audit/events';
import { auditQueryString, type AuditQuery } from '@/lib/schemas/audit-bounds';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { auditKeys } from './keys';

/** One page of the audit log. */
export function getAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  return apiFetch<AuditPage>(`/api/audit${auditQueryString(query)}`, { signal });
}

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export function useAuditQuery<TData = AuditPage>(query: AuditQuery, options: QueryOptions<AuditPage, TData> = {}) {
  return useQuery<AuditPage, ApiRequestError, TData>({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => getAuditPage(query, signal),
    placeholderData: keepPreviousData,
    ...options,
  });
}

export function auditExportHref(query: AuditQuery): string {
  const { before: _before, limit: _limit, ...filters } = query;
  return `/api/audit/export${auditQueryString(filters)}`;
}
