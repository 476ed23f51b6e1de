'use client';

import Link from 'next/link';
import { useConsole } from '@/lib/console/console-context';
import { pagePath, SURFACE_LABELS, SURFACES, type Surface, type SurfacePage } from '@/lib/observability/surface';
import styles from './surface-switch.module.css';

/** Links between the two surfaces' twin pages; the current one is marked for assistive tech. */
export function SurfaceSwitch({ surface, page }: { surface: Surface; page: Exclude<SurfacePage, 'webhooks'> }) {
  const { serviceId } = useConsole();
  return (
    <nav aria-label="Observability surface" className={styles.switch}>
      {SURFACES.map((s) => (
        <Link
          key={s}
          href={pagePath(s, page, serviceId)}
          className={styles.option}
          aria-current={s === surface ? 'page' : undefined}
        >
          {SURFACE_LABELS[s]}
        </Link>
      ))}
    </nav>
  );
}
