'use client';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { describeApiError } from '@/lib/api/error-message';
import { useKeyDeleteMutation } from '@/lib/api/keys/use-key-delete-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';

export interface KeyDeleteDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
}

export function KeyDeleteDialog({ keyRecord, onOpenChange, organizationId }: KeyDeleteDialogProps) {
  const deleteKey = useKeyDeleteMutation(organizationId);

  function close(open: boolean) {
    if (!open) deleteKey.reset();
    onOpenChange(open);
  }

  return (
    <ConfirmDialog
      open={keyRecord !== null}
      onOpenChange={close}
      title={`Delete key “${keyRecord?.name ?? ''}”?`}
      description="Anything that uses this key stops working immediately. This cannot be undone."
      confirmLabel="Delete key"
      confirmVariant="danger"
      pending={deleteKey.isPending}
      error={deleteKey.isError ? describeApiError(deleteKey.error) : null}
      onConfirm={() => {
        if (keyRecord) deleteKey.mutate(keyRecord.id, { onSuccess: () => close(false) });
      }}
    />
  );
}
