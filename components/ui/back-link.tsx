import Link from 'next/link';
import styles from './page.module.css';

/** "← All pipes" above a detail page's header: back to the list it came from. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link className={styles.back} href={href}>
      ← {children}
    </Link>
  );
}
