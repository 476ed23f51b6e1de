import { redirectToDefaultService, type SearchParams } from '@/lib/server/pages/service-redirect';

/** `/managed/…` from before the service was in the URL: the same page of the default service. */
export default async function OldManagedPage({
  params,
  searchParams,
}: {
  params: Promise<{ rest?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const { rest = [] } = await params;
  return redirectToDefaultService(['managed', ...rest], await searchParams);
}
