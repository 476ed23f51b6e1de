'use client';

import { schemaResolver } from '@/components/ui/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useKeyCreateMutation } from '@/lib/api/keys/use-key-create-mutation';
import type { KeyCreateResult } from '@/lib/schemas/keys';
import { KeyFormFields } from './key-form-fields';
import {
  emptyKeyFormValues,
  KEY_FORM_FIELDS,
  keyFormSchema,
  toKeyCreateRequest,
  type KeyFormOutput,
  type KeyFormValues,
} from './key-form';
import styles from './keys.module.css';

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

function KeyCreateForm({ organizationId, onCreated }: { organizationId: string; onCreated: (result: KeyCreateResult) => void }) {
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const createKey = useKeyCreateMutation(organizationId);
  const form = useForm<KeyFormValues, unknown, KeyFormOutput>({
    resolver: schemaResolver(schema),
    mode: 'onTouched',
    defaultValues: emptyKeyFormValues,
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    createKey.mutate(toKeyCreateRequest(values), {
      onSuccess: (result) => onCreated(result),
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, KEY_FORM_FIELDS)),
    });
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <KeyFormFields form={form} />
      <DialogFooter>
        <DialogClose asChild>
          <Button disabled={createKey.isPending}>Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" loading={createKey.isPending}>
          Create key
        </Button>
      </DialogFooter>
    </form>
  );
}
