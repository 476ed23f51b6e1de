'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { describeApiError } from '@/lib/api/error-message';
import { usePipeDeleteMutation } from '@/lib/api/pipes/use-pipe-delete-mutation';
import { usePipeStateMutation } from '@/lib/api/pipes/use-pipe-state-mutation';
import type { PipeCommand, PipeRecord } from '@/lib/schemas/pipes';
import { COMMAND_LABELS } from './pipe-actions-stand-in';
import { pipeKindOf } from './pipe-format';
import { allowedPipeCommands } from './pipe-state';
import styles from './pipes.module.css';

/** Commands that interrupt loading say what will happen before they are sent. */
type ConfirmedCommand = Exclude<PipeCommand, 'start'>;
const isConfirmed = (command: PipeCommand): command is ConfirmedCommand => command !== 'start';

function confirmation(command: ConfirmedCommand, pipe: PipeRecord) {
  const target = pipe.source.postgres ? 'its tables' : `“${pipe.destination.database}.${pipe.destination.table ?? ''}”`;
  return command === 'stop'
    ? {
        title: `Stop pipe “${pipe.name}”?`,
        description: `The pipe stops reading from its source and writing to ${target}. Rows already loaded stay. Start it again to continue${pipe.source.kafka || pipe.source.streamService ? ' from where it stopped' : ''}.`,
        confirmLabel: 'Stop pipe',
      }
    : {
        title: `Resync pipe “${pipe.name}”?`,
        description:
          'The pipe takes a new snapshot of every replicated table and loads it again, then goes back to replicating changes. Until the snapshot is done the tables may show old and new rows; this can take a long time on large tables.',
        confirmLabel: 'Resync pipe',
      };
}

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
  const [confirmingCommand, setConfirmingCommand] = useState<ConfirmedCommand | null>(null);
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
            onClick={() => (isConfirmed(command) ? setConfirmingCommand(command) : changeState.mutate(command))}
          >
            {COMMAND_LABELS[command]}
          </Button>
        ))}
        <Button variant="dangerGhost" onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      {changeState.isError && !confirmingCommand && (
        <Notice tone="danger" role="alert" title="The pipe did not accept the command">
          {describeApiError(changeState.error)}
        </Notice>
      )}
      {confirmingCommand && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            setConfirmingCommand(null);
            changeState.reset();
          }}
          {...confirmation(confirmingCommand, pipe)}
          confirmVariant={confirmingCommand === 'stop' ? 'danger' : 'primary'}
          pending={changeState.isPending}
          error={changeState.isError ? describeApiError(changeState.error) : null}
          onConfirm={() => changeState.mutate(confirmingCommand, { onSuccess: () => setConfirmingCommand(null) })}
        />
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
