import type { Metadata } from 'next';
import { EndpointsView } from '@/components/endpoints/endpoints-view';
import { Prefetched } from '../../../prefetched';

export const metadata: Metadata = { title: 'Private endpoints' };

export default async function EndpointsPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const { serviceId } = await params;
  // The organization's endpoints and the service's attachments come with the page when the upstream answers at once.
  return (
    <Prefetched reads={['organization', 'service']} serviceId={serviceId}>
      {() => <EndpointsView />}
    </Prefetched>
  );
}
