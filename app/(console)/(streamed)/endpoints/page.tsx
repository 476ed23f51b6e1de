import type { Metadata } from 'next';
import { EndpointsView } from '@/components/endpoints/endpoints-view';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Private endpoints' };

export default function EndpointsPage() {
  // The organization's endpoints and the service's attachments come with the page when the upstream answers at once.
  return <Prefetched reads={['organization', 'service']}>{() => <EndpointsView />}</Prefetched>;
}
