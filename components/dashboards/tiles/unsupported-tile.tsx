import styles from './tiles.module.css';

/** A tile this console cannot draw: named, with why, and a reminder that it is kept as stored. */
export function UnsupportedTile({ what, reason }: { what: string; reason: string }) {
  return (
    <div className={styles.placeholder} role="note" aria-label={`${what}: not shown here`}>
      <strong>{what}</strong>
      <span>{reason}</span>
      <span className={styles.badge}>Not editable here</span>
    </div>
  );
}
