import type { Metadata } from 'next';
import { DeletedView } from '@/components/history/deleted-view';

export const metadata: Metadata = { title: 'Recently deleted' };

export default function DeletedPage() {
  return <DeletedView />;
}
