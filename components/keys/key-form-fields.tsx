'use client';

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { TextField } from '@/components/ui/text-field';
import { KEY_ROLE_LABELS, KEY_ROLES } from '@/lib/schemas/keys';
import { IpAccessListEditor } from './ip-access-list-editor';
import type { KeyFormOutput, KeyFormValues } from './key-form';
import styles from './keys.module.css';

const ROLE_OPTIONS = KEY_ROLES.map((role) => ({ value: role, label: KEY_ROLE_LABELS[role] }));

/** The fields shared by the create and edit dialogs. */
export function KeyFormFields({ form }: { form: UseFormReturn<KeyFormValues, unknown, KeyFormOutput> }) {
  const { register, formState, control, setValue } = form;
  const { errors } = formState;
  const expireAt = useWatch({ control, name: 'expireAt' });

  return (
    <>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <CheckboxGroup
        legend="Roles"
        hint="Choose at least one."
        options={ROLE_OPTIONS}
        registration={register('roles')}
        error={errors.roles?.message ?? errors.roles?.root?.message}
      />
      <div className={styles.expiryRow}>
        <TextField
          type="datetime-local"
          label="Expiry"
          hint="Optional, in your local time. Leave empty for a key that never expires."
          error={errors.expireAt?.message}
          {...register('expireAt')}
        />
        {expireAt && (
          <Button
            onClick={() => setValue('expireAt', '', { shouldDirty: true, shouldValidate: formState.isSubmitted })}
          >
            Remove expiry
          </Button>
        )}
      </div>
      <IpAccessListEditor form={form} />
    </>
  );
}
