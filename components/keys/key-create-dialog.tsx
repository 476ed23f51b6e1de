'use client';

import { Dialog } from '@/components/ui/dialog';
import { useKeyCreateMutation } from '@/lib/api/keys/use-key-create-mutation';
import type { KeyCreateResult } from '@/lib/schemas/keys';
import { emptyKeyFormValues, keyFormSchema, toKeyCreateRequest } from './key-form';
import { KeyFormBody } from './key-form-body';

export interface KeyCreateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  onCreated: (result: KeyCreateResult) => void;
}

export function KeyCreateDialog({ open, onOpenChange, organizationId, onCreated }: KeyCreateDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      description="Keys let scripts and tools call the cloud API on behalf of this organization."
      wide
    >
      <KeyCreateForm organizationId={organizationId} onCreated={onCreated} />
    </Dialog>
  );
}

const schema = keyFormSchema();

function KeyCreateForm({
  organizationId,
  onCreated,
}: {
  organizationId: string;
  onCreated: (result: KeyCreateResult) => void;
}) {
  const createKey = useKeyCreateMutation(organizationId);
  return (
    <KeyFormBody
      schema={schema}
      defaultValues={emptyKeyFormValues}
      submitLabel="Create key"
      pending={createKey.isPending}
      onValid={(values, fail) =>
        createKey.mutate(toKeyCreateRequest(values), { onSuccess: (result) => onCreated(result), onError: fail })
      }
    />
  );
}
