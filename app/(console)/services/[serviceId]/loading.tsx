import { PageSkeleton } from '@/components/shell/page-skeleton';

/* A service's pages are streamed like the organization's: the shell and this skeleton first. */
export default function ServiceLoading() {
  return <PageSkeleton />;
}
