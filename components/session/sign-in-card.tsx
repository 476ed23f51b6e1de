import type { ReactNode } from 'react';
import { Logo } from '@/components/shell/icons';
import styles from './sign-in-card.module.css';

/** The signed-out pages' frame: the brand above one card, in the middle of the page. */
export function SignInCard({ children }: { children: ReactNode }) {
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <Logo />
          <span>Sluice</span>
        </div>
        {children}
      </div>
    </main>
  );
}
