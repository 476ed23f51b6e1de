'use client';

import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import './globals.css';
import styles from '@/components/shell/status-page.module.css';

/** Replaces the root layout when it fails, so it brings its own document and styles. */
export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);

  const digest = error instanceof Error && 'digest' in error ? String(error.digest) : undefined;

  return (
    <html lang="en">
      <body>
        <title>Something went wrong · Sluice</title>
        <main id="main" className={styles.page}>
          <div className={styles.card} role="alert">
            <h1 className={styles.title}>Something went wrong</h1>
            <p className={styles.text}>
              Sluice could not show this page. Try again; if it keeps failing, check the server log
              {digest ? ` for error ${digest}` : ''}.
            </p>
            <Button variant="primary" onClick={() => retry()}>
              Try again
            </Button>
          </div>
        </main>
      </body>
    </html>
  );
}
