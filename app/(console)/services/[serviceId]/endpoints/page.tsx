import type { Metadata } from 'next';
import { EndpointsView } from '@/components/endpoints/endpoints-view';
import { knownServiceRegion } from '@/lib/server/service-membership';
import { Prefetched } from '../../../prefetched';

export const metadata: Metadata = { title: 'Private endpoints' };

export default async function EndpointsPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const { serviceId } = await params;
  // Sent whole (outside the streamed group): the organization's endpoints, the service's attachments
  // and the endpoint service to connect to come with the page when the upstream answers at once. The
  // region the setup steps name comes from the services list the layout has just checked the service
  // against, so the steps are painted once, final, even when the service's own record is left to the browser.
  return (
    <Prefetched reads={['organization', 'service', 'endpointConfig']} serviceId={serviceId}>
      {() => <EndpointsView serviceRegion={knownServiceRegion(serviceId)} />}
    </Prefetched>
  );
}
