import type { Metadata } from 'next';
import { SourcesView } from '@/components/sources/sources-view';

export const metadata: Metadata = { title: 'Sources (managed)' };

export default function ManagedSourcesPage() {
  return <SourcesView surface="managed" />;
}
