import type { Metadata } from 'next';
import { NewPipeView } from '@/components/pipes/wizard/new-pipe-view';

export const metadata: Metadata = { title: 'Create a pipe' };

export default function NewPipePage() {
  return <NewPipeView />;
}
