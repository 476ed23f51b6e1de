'use client';

import { useId } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { describedBy } from '@/components/ui/text-field';
import { TextField } from '@/components/ui/text-field';
import { KEY_LIMITS } from '@/lib/schemas/keys';
import { emptyIpAccessEntry, type KeyFormOutput, type KeyFormValues } from './key-form';
import styles from './keys.module.css';

export function IpAccessListEditor({ form }: { form: UseFormReturn<KeyFormValues, unknown, KeyFormOutput> }) {
  const { control, register, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'ipAccessList' });
  const listErrors = formState.errors.ipAccessList;
  const listMessage = listErrors?.root?.message ?? listErrors?.message;
  const full = fields.length >= KEY_LIMITS.ipAccessListMaxEntries;
  const groupId = useId();
  const hintId = `${groupId}-hint`;
  const errorId = `${groupId}-error`;

  return (
    <fieldset className={styles.accessList} aria-describedby={describedBy(hintId, listMessage ? errorId : undefined)}>
      <legend className={styles.accessLegend}>IP access list</legend>
      <p id={hintId} className={styles.accessHint}>
        {fields.length === 0
          ? 'No restrictions: the key can be used from any address.'
          : 'The key can be used only from these IPv4/IPv6 addresses or CIDR ranges.'}
      </p>
      {fields.length > 0 && (
        <>
          <div className={styles.accessHead} aria-hidden="true">
            <span>Address or range</span>
            <span>Description</span>
            <span />
          </div>
          <ul className={styles.accessRows}>
            {fields.map((field, index) => {
              const rowErrors = listErrors?.[index];
              const n = index + 1;
              return (
                <li key={field.id} className={styles.accessRow}>
                  <TextField
                    label={`Address ${n}`}
                    labelHidden
                    mono
                    placeholder="203.0.113.0/24"
                    autoComplete="off"
                    spellCheck={false}
                    error={rowErrors?.source?.message}
                    {...register(`ipAccessList.${index}.source`)}
                  />
                  <TextField
                    label={`Description ${n}`}
                    labelHidden
                    placeholder="Office network"
                    autoComplete="off"
                    error={rowErrors?.description?.message}
                    {...register(`ipAccessList.${index}.description`)}
                  />
                  <Button
                    variant="ghost"
                    className={styles.removeButton}
                    aria-label={`Remove address ${n}`}
                    onClick={() => remove(index)}
                  >
                    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                    </svg>
                  </Button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <FieldError id={errorId} message={listMessage} />
      <div className={styles.accessActions}>
        <Button size="sm" disabled={full} onClick={() => append({ ...emptyIpAccessEntry })}>
          Add address
        </Button>
        {full && <span className={styles.accessHint}>At most {KEY_LIMITS.ipAccessListMaxEntries} entries.</span>}
      </div>
    </fieldset>
  );
}
