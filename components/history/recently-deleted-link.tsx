import Link from 'next/link';
import { buttonClassName } from '@/components/ui/button';

/** Where deleted dashboards and alerts wait to be restored. */
export function RecentlyDeletedLink() {
  return (
    <Link href="/deleted" className={buttonClassName('ghost', 'sm')}>
      Recently deleted
    </Link>
  );
}
