import { useQuery } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { apiResponse, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { historyKeys } from './keys';

/** The object as Terraform (`/api/code/{kind}/{id}?format=terraform`), as text. */
export async function getCode(kind: HistoryKind, id: string, signal?: AbortSignal): Promise<string> {
  const path = `/api/code/${encodeURIComponent(kind)}/${encodeURIComponent(id)}?format=terraform`;
  const response = await apiResponse(path, { signal, headers: { Accept: 'text/plain' } });
  return response.text();
}

export function useCodeQuery<TData = string>(kind: HistoryKind, id: string, options: QueryOptions<string, TData> = {}) {
  return useQuery<string, ApiRequestError, TData>({
    queryKey: historyKeys.code(kind, id),
    queryFn: ({ signal }) => getCode(kind, id, signal),
    ...options,
  });
}
