'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { KeyFormFields } from './key-form-fields';
import { KEY_FORM_FIELDS, type keyFormSchema, type KeyFormOutput, type KeyFormValues } from './key-form';
import styles from './keys.module.css';

export interface KeyFormBodyProps {
  schema: ReturnType<typeof keyFormSchema>;
  defaultValues: KeyFormValues;
  submitLabel: string;
  pending: boolean;
  /** Sends the request; `fail` puts an error on its fields, or at the top of the form, keeping the input. */
  onValid: (values: KeyFormOutput, fail: (error: unknown) => void) => void;
}

/** The form shared by the create and edit dialogs: fields, the top-of-form error, and the footer. */
export function KeyFormBody({ schema, defaultValues, submitLabel, pending, onValid }: KeyFormBodyProps) {
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<KeyFormValues, unknown, KeyFormOutput>({
    resolver: schemaResolver(schema),
    mode: 'onTouched',
    defaultValues,
  });

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    onValid(values, (error) => setFormError(applyApiErrorToForm(error, form.setError, KEY_FORM_FIELDS)));
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <KeyFormFields form={form} />
      <FormDialogFooter submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
