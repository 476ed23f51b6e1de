import { useQuery } from '@tanstack/react-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { ApiRequestError, NETWORK_ERROR_STATUS, parseApiError } from '../client';
import { historyKeys } from './keys';

/** The object as Terraform (`/api/code/{kind}/{id}?format=terraform`), as text. */
export function useCodeQuery(kind: HistoryKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.code(kind, id),
    queryFn: async ({ signal }) => {
      let response: Response;
      try {
        response = await fetch(`/api/code/${encodeURIComponent(kind)}/${encodeURIComponent(id)}?format=terraform`, {
          credentials: 'same-origin',
          cache: 'no-store',
          signal,
        });
      } catch (cause) {
        if (signal.aborted) throw cause;
        throw new ApiRequestError({
          status: NETWORK_ERROR_STATUS,
          code: 'NETWORK_ERROR',
          message: 'Could not reach the Sluice server. Check your connection and try again.',
        });
      }
      if (!response.ok) throw await parseApiError(response);
      return response.text();
    },
    enabled,
  });
}
