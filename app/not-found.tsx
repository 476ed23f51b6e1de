import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button';
import styles from '@/components/shell/status-page.module.css';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.code}>404</p>
        <h1 className={styles.title}>Page not found</h1>
        <p className={styles.text}>There is nothing at this address. It may have moved, or the link may be mistyped.</p>
        <Link className={buttonClassName('primary')} href="/">
          Go to API keys
        </Link>
      </div>
    </main>
  );
}
