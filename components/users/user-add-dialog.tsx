'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useUserCreateMutation } from '@/lib/api/users/use-user-mutations';
import { ROLES } from '@/lib/auth/roles';
import { ROLE_LABELS } from '@/lib/console/console-context';
import { userCreateSchema, type UserCreateRequest, type UserPasswordResult } from '@/lib/schemas/users';
import styles from './users.module.css';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
const FIELDS = ['name', 'role'] as const;

export interface UserAddDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (result: UserPasswordResult) => void;
}

export function UserAddDialog({ open, onOpenChange, onAdded }: UserAddDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add user"
      description="A local user who signs in with a password. Sluice generates the first one and shows it once."
    >
      <UserAddForm onAdded={onAdded} />
    </Dialog>
  );
}

function UserAddForm({ onAdded }: { onAdded: (result: UserPasswordResult) => void }) {
  const titleId = useDialogTitleId();
  const create = useUserCreateMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<UserCreateRequest>({
    resolver: schemaResolver(userCreateSchema),
    mode: 'onTouched',
    defaultValues: { name: '', role: 'viewer' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, FIELDS)),
    });
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <TextField
        label="User name"
        hint="What they sign in with: lowercase letters, digits, “.”, “_” or “-”."
        autoComplete="off"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <SelectField
        label="Role"
        hint="Viewers read; editors change pipes, dashboards and alerts; admins also manage keys, endpoints, scaling and users."
        options={ROLE_OPTIONS}
        error={errors.role?.message}
        {...form.register('role')}
      />
      <FormDialogFooter submitLabel="Add user" pending={create.isPending} />
    </form>
  );
}
