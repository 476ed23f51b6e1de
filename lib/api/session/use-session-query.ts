import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../client';
import { sessionKeys } from './keys';
import type { SessionResponse } from './types';

export function useSessionQuery() {
  return useQuery({
    queryKey: sessionKeys.current(),
    queryFn: ({ signal }) => apiFetch<SessionResponse>('/api/session', { signal }),
  });
}
