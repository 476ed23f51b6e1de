import type { VersionEntry } from '@/lib/history/kinds';

/** Who made a version, as the list says it. */
export function authorLabel(entry: Pick<VersionEntry, 'author' | 'source'>): string {
  if (entry.source === 'outside') return 'Changed outside Sluice';
  return entry.source === 'restore' ? `${entry.author ?? 'Someone'} (restore)` : (entry.author ?? 'Someone');
}
