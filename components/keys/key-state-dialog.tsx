'use client';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { describeApiError } from '@/lib/api/error-message';
import { useKeyUpdateMutation } from '@/lib/api/keys/use-key-update-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';

export interface KeyStateDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
}

/** Confirms enabling or disabling a key, whichever is the opposite of its current state. */
export function KeyStateDialog({ keyRecord, onOpenChange, organizationId }: KeyStateDialogProps) {
  const updateKey = useKeyUpdateMutation(organizationId);
  const disabling = keyRecord?.state !== 'disabled';
  const name = keyRecord?.name ?? '';

  function close(open: boolean) {
    if (!open) updateKey.reset();
    onOpenChange(open);
  }

  return (
    <ConfirmDialog
      open={keyRecord !== null}
      onOpenChange={close}
      title={disabling ? `Disable key “${name}”?` : `Enable key “${name}”?`}
      description={
        disabling
          ? 'Requests signed with this key will be refused until it is enabled again. Nothing else about the key changes.'
          : 'Requests signed with this key will be accepted again.'
      }
      confirmLabel={disabling ? 'Disable key' : 'Enable key'}
      confirmVariant={disabling ? 'danger' : 'primary'}
      pending={updateKey.isPending}
      error={updateKey.isError ? describeApiError(updateKey.error) : null}
      onConfirm={() => {
        if (!keyRecord) return;
        updateKey.mutate(
          { keyId: keyRecord.id, patch: { state: disabling ? 'disabled' : 'enabled' } },
          { onSuccess: () => close(false) },
        );
      }}
    />
  );
}
