'use client';

import { useMemo, useState } from 'react';
import { isoToLocalDateTime } from '@/components/format/time';
import { TypedConfirmDialog } from '@/components/ui/typed-confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { useKeyUpdateMutation } from '@/lib/api/keys/use-key-update-mutation';
import { lockoutRisks, type LockoutRisk } from '@/lib/keys/console-key';
import type { KeyRecord, KeyUpdateRequest } from '@/lib/schemas/keys';
import { consoleKeyWarning } from './console-key-warning';
import { keyFormSchema, keyToFormValues, toKeyUpdateRequest } from './key-form';
import { KeyFormBody } from './key-form-body';

export interface KeyEditDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  /** The console signs with this key (or may: another key shares its ending). */
  consoleKey?: boolean;
}

export function KeyEditDialog({ keyRecord, onOpenChange, organizationId, consoleKey = false }: KeyEditDialogProps) {
  return (
    <Dialog
      open={keyRecord !== null}
      onOpenChange={onOpenChange}
      title="Edit API key"
      description={keyRecord?.name}
      wide
    >
      {keyRecord && (
        <KeyEditForm
          keyRecord={keyRecord}
          organizationId={organizationId}
          consoleKey={consoleKey}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

/** A change to the console's own key that could cut it off, waiting for the typed name. */
interface HeldChange {
  patch: KeyUpdateRequest;
  risks: LockoutRisk[];
  fail: (error: unknown) => void;
}

function KeyEditForm({
  keyRecord,
  organizationId,
  consoleKey,
  onDone,
}: {
  keyRecord: KeyRecord;
  organizationId: string;
  consoleKey: boolean;
  onDone: () => void;
}) {
  const updateKey = useKeyUpdateMutation(organizationId);
  const [held, setHeld] = useState<HeldChange | null>(null);
  const schema = useMemo(
    () => keyFormSchema({ unchangedExpiry: isoToLocalDateTime(keyRecord.expireAt) }),
    [keyRecord.expireAt],
  );

  const send = (patch: KeyUpdateRequest, fail: (error: unknown) => void, confirmLockout: boolean) =>
    updateKey.mutate(
      { keyId: keyRecord.id, patch, confirmLockout },
      {
        onSuccess: onDone,
        onError: (error) => {
          // Back to the form, where a field error can sit on its field.
          setHeld(null);
          fail(error);
        },
      },
    );

  return (
    <>
      <KeyFormBody
        schema={schema}
        defaultValues={keyToFormValues(keyRecord)}
        submitLabel="Save changes"
        pending={updateKey.isPending}
        onValid={(values, fail) => {
          const patch = toKeyUpdateRequest(keyRecord, values);
          if (!patch) return onDone();
          const risks = consoleKey ? lockoutRisks(keyRecord, patch) : [];
          if (risks.length > 0) setHeld({ patch, risks, fail });
          else send(patch, fail, false);
        }}
      />
      <TypedConfirmDialog
        open={held !== null}
        onOpenChange={(open) => {
          if (!open) setHeld(null);
        }}
        title={`Change the key Sluice uses?`}
        description={held ? consoleKeyWarning(keyRecord.name, held.risks, held.patch) : ''}
        confirmLabel="Save changes"
        confirmVariant="danger"
        confirmationText={keyRecord.name}
        pending={updateKey.isPending}
        onConfirm={() => held && send(held.patch, held.fail, true)}
      />
    </>
  );
}
