'use client';

import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { describeApiError } from '@/lib/api/error-message';
import { useKeyUpdateMutation } from '@/lib/api/keys/use-key-update-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';
import { consoleKeyWarning } from './console-key-warning';

export interface KeyStateDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  /** The console signs with this key (or may: another key shares its ending). */
  consoleKey?: boolean;
}

/**
 * Confirms enabling or disabling a key, whichever is the opposite of its current state. Disabling
 * the console's own key says what it does and waits for the key's name to be typed.
 */
export function KeyStateDialog({ keyRecord, onOpenChange, organizationId, consoleKey = false }: KeyStateDialogProps) {
  const updateKey = useKeyUpdateMutation(organizationId);
  const disabling = keyRecord?.state !== 'disabled';
  const name = keyRecord?.name ?? '';
  const guarded = consoleKey && disabling;

  function close(open: boolean) {
    if (!open) updateKey.reset();
    onOpenChange(open);
  }

  return (
    <TypedConfirmDialog
      open={keyRecord !== null}
      onOpenChange={close}
      title={disabling ? `Disable key “${name}”?` : `Enable key “${name}”?`}
      description={
        guarded
          ? consoleKeyWarning(name, ['disable'], { state: 'disabled' })
          : disabling
            ? 'Requests signed with this key will be refused until it is enabled again. Nothing else about the key changes.'
            : 'Requests signed with this key will be accepted again.'
      }
      confirmationText={guarded ? name : undefined}
      confirmLabel={disabling ? 'Disable key' : 'Enable key'}
      confirmVariant={disabling ? 'danger' : 'primary'}
      pending={updateKey.isPending}
      error={updateKey.isError ? describeApiError(updateKey.error) : null}
      onConfirm={() => {
        if (!keyRecord) return;
        updateKey.mutate(
          { keyId: keyRecord.id, patch: { state: disabling ? 'disabled' : 'enabled' }, confirmLockout: guarded },
          { onSuccess: () => close(false) },
        );
      }}
    />
  );
}
