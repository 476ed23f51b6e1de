import { useQuery } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { ApiRequestError, NETWORK_ERROR_STATUS, parseApiError } from '../client';
import type { QueryOptions } from '../query-options';
import { historyKeys } from './keys';

/** The object as Terraform (`/api/code/{kind}/{id}?format=terraform`), as text. */
export async function getCode(kind: HistoryKind, id: string, signal?: AbortSignal): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`/api/code/${encodeURIComponent(kind)}/${encodeURIComponent(id)}?format=terraform`, {
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError({
      status: NETWORK_ERROR_STATUS,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the Sluice server. Check your connection and try again.',
    });
  }
  if (!response.ok) throw await parseApiError(response);
  return response.text();
}

export function useCodeQuery<TData = string>(kind: HistoryKind, id: string, options: QueryOptions<string, TData> = {}) {
  return useQuery<string, ApiRequestError, TData>({
    queryKey: historyKeys.code(kind, id),
    queryFn: ({ signal }) => getCode(kind, id, signal),
    ...options,
  });
}
