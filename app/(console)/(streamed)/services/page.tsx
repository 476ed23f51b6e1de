import type { Metadata } from 'next';
import { ServicesView } from '@/components/services/services-view';
import { Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'Services' };

export default function ServicesPage() {
  // The services and their pipes by state come with the page when the upstream answers at once.
  return <Prefetched reads={['servicesWithPipeStates']}>{() => <ServicesView />}</Prefetched>;
}
