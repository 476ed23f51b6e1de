import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { cloudConfig } from '../env';
import { pipeParams } from '../route-params';
import type { CloudEnvelope } from '../upstream/cloud';
import { cloudApi } from '../upstream/typed';
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
    path: cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}', {
      params: { ...params.data, clickPipeId: params.data.pipeId },
    }),
    queryKey: pipeKeys.detail(organizationId, serviceId, pipeId),
    pick: (body) => {
      const envelope = body as CloudEnvelope<unknown> | null;
      return envelope && typeof envelope === 'object' ? envelope.result : undefined;
    },
  });
}
