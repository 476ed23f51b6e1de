import Link from 'next/link';
import type { Surface } from '@/lib/observability/surface';
import { pagePath } from '@/lib/observability/surface';
import styles from '@/components/observability/surface-switch.module.css';

/** Tabs of the "Sources & webhooks" area; the managed surface has no webhooks, so it has one list only. */
export function ObservabilityListTabs({ surface, current }: { surface: Surface; current: 'sources' | 'webhooks' }) {
  if (surface !== 'oss') return null;
  return (
    <nav aria-label="Lists" className={styles.switch}>
      {(['sources', 'webhooks'] as const).map((page) => (
        <Link
          key={page}
          href={pagePath('oss', page, '')}
          className={styles.option}
          aria-current={page === current ? 'page' : undefined}
        >
          {page === 'sources' ? 'Sources' : 'Webhooks'}
        </Link>
      ))}
    </nav>
  );
}
