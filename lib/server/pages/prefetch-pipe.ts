import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { cloudConfig } from '../env';
import { pipeParams, pipePath } from '../route-params';
import { encodePath, type CloudEnvelope } from '../upstream/cloud';
import { prefetchPageRead } from './page-read';

/** The pipe's record for its page: name, state and health paint before the JavaScript runs. */
export async function prefetchPipe(
  organizationId: string,
  serviceId: string,
  pipeId: string,
): Promise<DehydratedState | undefined> {
  const params = pipeParams.safeParse({ organizationId, serviceId, pipeId });
  if (!params.success) return undefined;
  return prefetchPageRead({
    upstream: cloudConfig(),
    path: encodePath(pipePath(params.data)),
    queryKey: pipeKeys.detail(organizationId, serviceId, pipeId),
    pick: (body) => {
      const envelope = body as CloudEnvelope<unknown> | null;
      return envelope && typeof envelope === 'object' ? envelope.result : undefined;
    },
  });
}
