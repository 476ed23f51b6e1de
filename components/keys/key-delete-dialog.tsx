'use client';

import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { describeApiError } from '@/lib/api/error-message';
import { useKeyDeleteMutation } from '@/lib/api/keys/use-key-delete-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';
import { consoleKeyWarning } from './console-key-warning';

export interface KeyDeleteDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  /** The console signs with this key (or may: another key shares its ending). */
  consoleKey?: boolean;
}

export function KeyDeleteDialog({ keyRecord, onOpenChange, organizationId, consoleKey = false }: KeyDeleteDialogProps) {
  const deleteKey = useKeyDeleteMutation(organizationId);
  const name = keyRecord?.name ?? '';

  function close(open: boolean) {
    if (!open) deleteKey.reset();
    onOpenChange(open);
  }

  return (
    <TypedConfirmDialog
      open={keyRecord !== null}
      onOpenChange={close}
      title={`Delete key “${name}”?`}
      description={
        consoleKey
          ? consoleKeyWarning(name, ['delete'], 'delete')
          : 'Anything that uses this key stops working immediately. This cannot be undone.'
      }
      confirmationText={consoleKey ? name : undefined}
      confirmLabel="Delete key"
      confirmVariant="danger"
      pending={deleteKey.isPending}
      error={deleteKey.isError ? describeApiError(deleteKey.error) : null}
      onConfirm={() => {
        if (keyRecord)
          deleteKey.mutate({ keyId: keyRecord.id, confirmLockout: consoleKey }, { onSuccess: () => close(false) });
      }}
    />
  );
}
