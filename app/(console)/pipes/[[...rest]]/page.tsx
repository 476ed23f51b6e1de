import { redirectToDefaultService, type SearchParams } from '@/lib/server/pages/service-redirect';

/** `/pipes/…` from before the service was in the URL: the same page of the default service. */
export default async function OldPipesPage({
  params,
  searchParams,
}: {
  params: Promise<{ rest?: string[] }>;
  searchParams: Promise<SearchParams>;
}) {
  const { rest = [] } = await params;
  return redirectToDefaultService(['pipes', ...rest], await searchParams);
}
