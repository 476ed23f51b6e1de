import { RouteSkeleton } from '@/components/shell/route-skeleton';

/*
 * Most of a service's pages are streamed like the organization's: the shell and this loading state
 * first. A pipe's page and the endpoints page sit outside this group and are sent whole, their
 * largest text (the metrics panel's line, the setup steps) in the first paint rather than revealed
 * with the page no sooner than 300 ms after it.
 */
export default function ServiceLoading() {
  return <RouteSkeleton />;
}
