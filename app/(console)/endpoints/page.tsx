import { redirectToDefaultService, type SearchParams } from '@/lib/server/pages/service-redirect';

/** `/endpoints` from before the service was in the URL: the same page of the default service. */
export default async function OldEndpointsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return redirectToDefaultService(['endpoints'], await searchParams);
}
