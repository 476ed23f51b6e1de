import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../client';
import { SKIP_AUTH_REDIRECT } from './types';

export function useSignOutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<unknown>('/api/session', { method: 'DELETE' }),
    meta: { [SKIP_AUTH_REDIRECT]: true },
    onSettled: () => queryClient.clear(),
  });
}
