import type { Metadata } from 'next';
import { KeysView } from '@/components/keys/keys-view';
import { Prefetched } from '../../prefetched';

export const metadata: Metadata = { title: 'API keys' };

export default function KeysPage() {
  // The keys come with the page when the upstream answers at once.
  return <Prefetched reads={['keys']}>{() => <KeysView />}</Prefetched>;
}
