'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { describeApiError } from '@/lib/api/error-message';
import { usePipeDeleteMutation } from '@/lib/api/pipes/use-pipe-delete-mutation';
import { usePipeStateMutation } from '@/lib/api/pipes/use-pipe-state-mutation';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { pipeKindOf } from './pipe-format';
import { allowedPipeCommands } from './pipe-state';
import styles from './pipes.module.css';

const COMMAND_LABELS: Record<PipeCommand, string> = { start: 'Start', stop: 'Stop', resync: 'Resync' };

export interface PipeActionsProps {
  pipe: PipeRecord;
  organizationId: string;
  serviceId: string;
  /** True while a deletion runs, so the page stops reading a pipe that is about to be gone. */
  onDeletingChange: (deleting: boolean) => void;
  onDeleted: () => void;
}

export function PipeActions({ pipe, organizationId, serviceId, onDeletingChange, onDeleted }: PipeActionsProps) {
  const changeState = usePipeStateMutation(organizationId, serviceId, pipe.id);
  const deletePipe = usePipeDeleteMutation(organizationId, serviceId);
  const [confirming, setConfirming] = useState(false);
  const commands = allowedPipeCommands(pipe.state, pipeKindOf(pipe));

  function closeConfirm(open: boolean) {
    if (!open) deletePipe.reset();
    setConfirming(open);
  }

  return (
    <>
      <div className={styles.actions}>
        {commands.map((command) => (
          <Button
            key={command}
            variant={command === 'start' ? 'primary' : 'secondary'}
            loading={changeState.isPending && changeState.variables === command}
            disabled={changeState.isPending}
            onClick={() => changeState.mutate(command)}
          >
            {COMMAND_LABELS[command]}
          </Button>
        ))}
        <Button variant="dangerGhost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {changeState.isError && (
        <Notice tone="danger" role="alert" title="The pipe did not accept the command">
          {describeApiError(changeState.error)}
        </Notice>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={closeConfirm}
        title={`Delete pipe “${pipe.name}”?`}
        description="The pipe stops loading data and is removed. Tables it wrote to are kept. This cannot be undone."
        confirmLabel="Delete pipe"
        confirmVariant="danger"
        pending={deletePipe.isPending}
        error={deletePipe.isError ? describeApiError(deletePipe.error) : null}
        onConfirm={() => {
          onDeletingChange(true);
          deletePipe.mutate(pipe.id, { onSuccess: onDeleted, onError: () => onDeletingChange(false) });
        }}
      />
    </>
  );
}
