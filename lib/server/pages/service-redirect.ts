import 'server-only';
import { redirect } from 'next/navigation';
import { defaultServiceId } from '../last-service';

export type SearchParams = Record<string, string | string[] | undefined>;

/** The query string of a page's search parameters, repeated keys and all ('' when there are none). */
export function queryString(searchParams: SearchParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(key, item);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * A service page's address from before services were part of the URL (`/pipes/{id}?range=1h`):
 * the same page of the user's default service (their last one, else CLOUD_SERVICE_ID), query kept,
 * so bookmarks and links in old messages keep working.
 */
export async function redirectToDefaultService(
  segments: readonly string[],
  searchParams: SearchParams,
): Promise<never> {
  const serviceId = await defaultServiceId();
  const path = segments.map(encodeURIComponent).join('/');
  redirect(`/services/${encodeURIComponent(serviceId)}/${path}${queryString(searchParams)}`);
}
