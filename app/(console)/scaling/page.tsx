import { redirectToDefaultService, type SearchParams } from '@/lib/server/pages/service-redirect';

/** `/scaling` from before the service was in the URL: the same page of the default service. */
export default async function OldScalingPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return redirectToDefaultService(['scaling'], await searchParams);
}
