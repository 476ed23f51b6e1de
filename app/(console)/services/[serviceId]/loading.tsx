import { RouteSkeleton } from '@/components/shell/route-skeleton';

/* A service's pages are streamed like the organization's: the shell and this loading state first. */
export default function ServiceLoading() {
  return <RouteSkeleton />;
}
