import type { Metadata } from 'next';
import { UnknownService } from '@/components/services/unknown-service';

export const metadata: Metadata = { title: 'No such service' };

/** Shown with HTTP 404 when a service page's layout finds its id is not one of the organization's services. */
export default function ServiceNotFound() {
  return <UnknownService />;
}
