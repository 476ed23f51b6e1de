'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { CodeButton } from './code-button';
import { HistoryButton } from './history-button';

/** The pipe page's History and "View as Terraform"; a restore reloads the pipe. */
export function PipeHistory({
  pipeId,
  name,
  organizationId,
  serviceId,
}: {
  pipeId: string;
  name: string;
  organizationId: string;
  serviceId: string;
}) {
  const queryClient = useQueryClient();
  const onRestored = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) }),
    [queryClient, organizationId, serviceId, pipeId],
  );
  return (
    <>
      <HistoryButton kind="pipes" id={pipeId} name={name} onRestored={onRestored} />
      <CodeButton kind="pipes" id={pipeId} name={name} />
    </>
  );
}
