import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { sessionKeys } from './keys';
import type { SessionResponse } from './types';

/** Who is signed in, with their roles. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return apiFetch<SessionResponse>('/api/session', { signal });
}

export function useSessionQuery<TData = SessionResponse>(options: QueryOptions<SessionResponse, TData> = {}) {
  return useQuery<SessionResponse, ApiRequestError, TData>({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => getSession(signal),
    ...options,
  });
}
