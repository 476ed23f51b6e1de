import type { QueryClient } from '@tanstack/react-query';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { pipeKeys } from './keys';

/**
 * After a change to one pipe: the change applied to its cached record (detail and list) at once,
 * then both read again so that what the upstream did besides shows up too.
 */
export async function applyPipeChange(
  queryClient: QueryClient,
  organizationId: string,
  serviceId: string,
  pipeId: string,
  change: (pipe: PipeRecord | undefined) => PipeRecord | undefined,
): Promise<void> {
  queryClient.setQueryData<PipeRecord>(pipeKeys.detail(organizationId, serviceId, pipeId), change);
  queryClient.setQueryData<PipeRecord[]>(pipeKeys.list(organizationId, serviceId), (list) =>
    list?.map((item) => (item.id === pipeId ? (change(item) ?? item) : item)),
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pipeKeys.list(organizationId, serviceId) }),
    queryClient.invalidateQueries({ queryKey: pipeKeys.detail(organizationId, serviceId, pipeId) }),
  ]);
}

/** The change for an answer that is the whole pipe; an empty answer changes nothing. */
export const replacedBy = (answer: PipeRecord | undefined) => (pipe: PipeRecord | undefined) => answer ?? pipe;
