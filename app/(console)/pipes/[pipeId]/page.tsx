import type { Metadata } from 'next';
import { PipeDetailView } from '@/components/pipes/pipe-detail-view';

export const metadata: Metadata = { title: 'Pipe' };

export default async function PipePage({ params }: { params: Promise<{ pipeId: string }> }) {
  const { pipeId } = await params;
  return <PipeDetailView pipeId={pipeId} />;
}
