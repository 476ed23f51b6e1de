import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { cloudConfig } from '../env';
import { sanitize } from '../sanitize';
import { currentUser } from '../session';
import { pipeParams, pipePath } from '../route-params';
import { encodePath, type CloudEnvelope } from '../upstream/cloud';
import { upstreamRequest } from '../upstream/http';

/**
 * A page render waits this long at most for the upstream: past it the page is sent without the
 * record and the browser reads it (from the shared read cache, where this answer lands).
 */
const PAGE_READ_TIMEOUT_MS = 1_500;

/**
 * The pipe's record read while its page is rendered on the server, as react-query state for the
 * browser: the page arrives with its name, state and health painted instead of a skeleton that
 * waits for the JavaScript and then a second round trip. Anything but a clean, quick answer
 * (budget spent, upstream slow or failing, an answer off the contract) gives `undefined`, and the
 * browser reads the pipe itself, with its usual waiting, error and notice states. Every role may
 * read a pipe, so a signed-in user is all it needs.
 */
export async function prefetchPipe(organizationId: string, serviceId: string, pipeId: string): Promise<DehydratedState | undefined> {
  const params = pipeParams.safeParse({ organizationId, serviceId, pipeId });
  // Next renders a page beside its layout, so the layout's sign-in check does not guard this read.
  if (!params.success || !(await currentUser())) return undefined;
  try {
    const result = await upstreamRequest({
      upstream: cloudConfig(),
      method: 'GET',
      path: encodePath(pipePath(params.data)),
      timeoutMs: PAGE_READ_TIMEOUT_MS,
      retries: 0,
      queueMs: 0,
    });
    if (result.contract || result.status !== 200) return undefined;
    const envelope = sanitize(result.data) as CloudEnvelope<unknown> | null;
    if (!envelope || typeof envelope !== 'object' || envelope.result === undefined) return undefined;
    const client = new QueryClient();
    client.setQueryData(pipeKeys.detail(organizationId, serviceId, pipeId), envelope.result);
    return dehydrate(client);
  } catch {
    return undefined;
  }
}
