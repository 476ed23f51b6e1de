import type { Metadata } from 'next';
import { ScalingView } from '@/components/scaling/scaling-view';

export const metadata: Metadata = { title: 'Database pipe scaling' };

export default function ScalingPage() {
  return <ScalingView />;
}
