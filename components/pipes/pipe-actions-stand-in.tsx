import { Button } from '@/components/ui/button';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { pipeKindOf } from './pipe-format';
import { allowedPipeCommands } from './pipe-state';
import styles from './pipes.module.css';

export const COMMAND_LABELS: Record<PipeCommand, string> = { start: 'Start', stop: 'Stop', resync: 'Resync' };

/**
 * The pipe's commands as the server sends them, disabled until their code (the confirmations, the
 * mutations) has loaded: in place from the first paint, so the page below does not move down when
 * the real ones arrive.
 */
export function PipeActionsStandIn({ pipe }: { pipe: PipeRecord }) {
  return (
    <div className={styles.actions}>
      {allowedPipeCommands(pipe.state, pipeKindOf(pipe)).map((command) => (
        <Button key={command} variant={command === 'start' ? 'primary' : 'secondary'} disabled>
          {COMMAND_LABELS[command]}
        </Button>
      ))}
      <Button variant="dangerGhost" disabled>
        Delete
      </Button>
    </div>
  );
}
