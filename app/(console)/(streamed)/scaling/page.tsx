import type { Metadata } from 'next';
import { ScalingView } from '@/components/scaling/scaling-view';
import { Prefetched } from '../prefetched';

export const metadata: Metadata = { title: 'Database pipe scaling' };

export default function ScalingPage() {
  // The scaling record comes with the page when the upstream answers at once.
  return <Prefetched reads={['cdcScaling']}>{() => <ScalingView />}</Prefetched>;
}
