'use client';

import { schemaResolver } from '@/components/ui/schema-resolver';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isoToLocalDateTime } from '@/components/format/time';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useKeyUpdateMutation } from '@/lib/api/keys/use-key-update-mutation';
import type { KeyRecord } from '@/lib/schemas/keys';
import { KeyFormFields } from './key-form-fields';
import {
  KEY_FORM_FIELDS,
  keyFormSchema,
  keyToFormValues,
  toKeyUpdateRequest,
  type KeyFormOutput,
  type KeyFormValues,
} from './key-form';
import styles from './keys.module.css';

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
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const updateKey = useKeyUpdateMutation(organizationId);
  const schema = useMemo(() => keyFormSchema({ unchangedExpiry: isoToLocalDateTime(keyRecord.expireAt) }), [keyRecord.expireAt]);
  const form = useForm<KeyFormValues, unknown, KeyFormOutput>({
    resolver: schemaResolver(schema),
    mode: 'onTouched',
    defaultValues: keyToFormValues(keyRecord),
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    const patch = toKeyUpdateRequest(keyRecord, values);
    if (!patch) {
      onDone();
      return;
    }
    updateKey.mutate(
      { keyId: keyRecord.id, patch },
      {
        onSuccess: onDone,
        onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, KEY_FORM_FIELDS)),
      },
    );
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <KeyFormFields form={form} />
      <DialogFooter>
        <DialogClose asChild>
          <Button disabled={updateKey.isPending}>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={updateKey.isPending}>
          Save changes
        </Button>
      </DialogFooter>
    </form>
  );
}
