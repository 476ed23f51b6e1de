import type { Metadata } from 'next';
import { ScalingView } from '@/components/scaling/scaling-view';
import { Prefetched } from '../../../../prefetched';

export const metadata: Metadata = { title: 'Database pipe scaling' };

export default async function ScalingPage({ params }: { params: Promise<{ serviceId: string }> }) {
  const { serviceId } = await params;
  // The scaling record comes with the page when the upstream answers at once.
  return (
    <Prefetched reads={['cdcScaling']} serviceId={serviceId}>
      {() => <ScalingView />}
    </Prefetched>
  );
}
