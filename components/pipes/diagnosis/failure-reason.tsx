import type { FailureReason } from '@/lib/pipes/diagnosis/types';
import styles from './diagnosis.module.css';

const SHOWN = 140;

/** A failed pipe's newest logged reason, one line in a list; the whole text on hover and for screen readers. */
export function FailureReasonText({ reason }: { reason: FailureReason | undefined }) {
  if (!reason?.message) return null;
  const cut = reason.message.length > SHOWN ? `${reason.message.slice(0, SHOWN)}…` : reason.message;
  return (
    <span className={styles.listReason} title={reason.message}>
      <span className={styles.listReasonLabel}>Why: </span>
      {cut}
    </span>
  );
}

/** The ids of the failed pipes of a list, whose reasons the list asks for. */
export const failedPipeIds = (pipes: readonly { id: string; state?: string }[]) =>
  pipes.filter((pipe) => pipe.state === 'Failed').map((pipe) => pipe.id);
