'use client';

import { useMemo } from 'react';
import { isoToLocalDateTime } from '@/components/format/time';
import { Dialog } from '@/components/ui/dialog';
import { useKeyUpdateMutation } from '@/lib/api/keys/use-key-update-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';
import { keyFormSchema, keyToFormValues, toKeyUpdateRequest } from './key-form';
import { KeyFormBody } from './key-form-body';

export interface KeyEditDialogProps {
  keyRecord: KeyRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
}

export function KeyEditDialog({ keyRecord, onOpenChange, organizationId }: KeyEditDialogProps) {
  return (
    <Dialog open={keyRecord !== null} onOpenChange={onOpenChange} title="Edit API key" description={keyRecord?.name} wide>
      {keyRecord && (
        <KeyEditForm keyRecord={keyRecord} organizationId={organizationId} onDone={() => onOpenChange(false)} />
      )}
    </Dialog>
  );
}

function KeyEditForm({
  keyRecord,
  organizationId,
  onDone,
}: {
  keyRecord: KeyRecord;
  organizationId: string;
  onDone: () => void;
}) {
  const updateKey = useKeyUpdateMutation(organizationId);
  const schema = useMemo(() => keyFormSchema({ unchangedExpiry: isoToLocalDateTime(keyRecord.expireAt) }), [keyRecord.expireAt]);
  return (
    <KeyFormBody
      schema={schema}
      defaultValues={keyToFormValues(keyRecord)}
      submitLabel="Save changes"
      pending={updateKey.isPending}
      onValid={(values, fail) => {
        const patch = toKeyUpdateRequest(keyRecord, values);
        if (!patch) return onDone();
        updateKey.mutate({ keyId: keyRecord.id, patch }, { onSuccess: onDone, onError: fail });
      }}
    />
  );
}
