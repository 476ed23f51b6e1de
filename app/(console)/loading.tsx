import { PageSkeleton } from '@/components/shell/page-skeleton';

export default function ConsoleLoading() {
  return <PageSkeleton />;
}
