import { formatDateTime } from '@/components/format/time';
import { useReaderZone } from '@/components/format/use-reader-zone';
import { Badge } from '@/components/ui/badge';
import { expiresInLabel, expiryStatus } from './key-expiry';
import styles from './keys.module.css';

export function KeyExpiryCell({ expireAt, now }: { expireAt: string | null | undefined; now: number }) {
  const status = expiryStatus(expireAt, now);
  const zone = useReaderZone();
  switch (status.kind) {
    case 'never':
      return <span className={styles.muted}>Never</span>;
    case 'expired':
      return (
        <span className={styles.expiry}>
          <Badge tone="danger">Expired</Badge>
          <time className={styles.expiryDate} dateTime={new Date(status.at).toISOString()}>
            {formatDateTime(status.at, zone)}
          </time>
        </span>
      );
    case 'soon':
      return (
        <span className={styles.expiry}>
          <Badge tone="warning">{expiresInLabel(status.days)}</Badge>
          <time className={styles.expiryDate} dateTime={new Date(status.at).toISOString()}>
            {formatDateTime(status.at, zone)}
          </time>
        </span>
      );
    case 'later':
      return <time dateTime={new Date(status.at).toISOString()}>{formatDateTime(status.at, zone)}</time>;
  }
}
