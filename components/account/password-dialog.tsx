'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { usePasswordChangeMutation } from '@/lib/api/session/use-password-change-mutation';
import { PASSWORD_BOUNDS, passwordChangeFormSchema, type PasswordChangeForm } from '@/lib/schemas/account';
import styles from './password-dialog.module.css';

export interface PasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChanged: () => void;
}

/** A local user changes their own password: the current one first, the new one twice. */
export function PasswordDialog({ open, onOpenChange, onChanged }: PasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change password"
      description="Your other sessions end; this one stays signed in."
    >
      {open && <PasswordForm onChanged={onChanged} />}
    </Dialog>
  );
}

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const titleId = useDialogTitleId();
  const change = usePasswordChangeMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<PasswordChangeForm>({
    resolver: schemaResolver(passwordChangeFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => {
    setFormError(null);
    change.mutate(
      { currentPassword, newPassword },
      { onSuccess: onChanged, onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, FIELDS)) },
    );
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`${PASSWORD_BOUNDS.min} to ${PASSWORD_BOUNDS.max} characters`}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <FormDialogFooter submitLabel="Change password" pending={change.isPending} />
    </form>
  );
}
