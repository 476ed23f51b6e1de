'use client';

import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useFieldError } from '../form-fields';
import { SourceFieldField } from '../source-field-field';
import { alignFieldMappings, mapByName, type WizardValues } from '../wizard-values';
import styles from '../wizard.module.css';

export function MappingsStep() {
  const { control, getValues, setValue, trigger, formState } = useFormContext<WizardValues>();
  const columns = useWatch({ control, name: 'destination.columns' });
  const mappings = useWatch({ control, name: 'fieldMappings' });
  const listError = useFieldError('fieldMappings');

  // One row per destination column, whatever the destination step added, renamed or removed.
  const columnKey = columns.map((c) => c.name).join('\u0000');
  useEffect(() => {
    setValue('fieldMappings', alignFieldMappings(getValues('destination.columns'), getValues('fieldMappings')));
  }, [columnKey, getValues, setValue]);

  const missing = (mappings ?? []).filter((m) => !m.sourceField.trim()).map((m) => m.destinationField);
  const typeOf = new Map(columns.map((c) => [c.name, c.type]));

  return (
    <>
      <p className={styles.stepIntro}>
        Every destination column reads one field of the source records. Choose the source field for each column.
      </p>
      <div className={styles.mappingToolbar}>
        <Button
          size="sm"
          onClick={() => {
            setValue('fieldMappings', mapByName(getValues('fieldMappings')), { shouldDirty: true });
            if (formState.isSubmitted || formState.errors.fieldMappings) void trigger('fieldMappings');
          }}
          disabled={missing.length === 0}
        >
          Map by name
        </Button>
        <span className={styles.groupHint} role="status">
          {missing.length === 0 ? 'Every column is mapped.' : `Not mapped yet: ${missing.join(', ')}`}
        </span>
      </div>
      {listError && <Notice tone="danger">{listError}</Notice>}
      <table className={styles.mappingTable}>
        <thead>
          <tr>
            <th scope="col">Destination column</th>
            <th scope="col">Type</th>
            <th scope="col">Source field</th>
          </tr>
        </thead>
        <tbody>
          {(mappings ?? []).map((mapping, index) => (
            <tr key={mapping.destinationField}>
              <td className={styles.mono}>{mapping.destinationField}</td>
              <td className={styles.mono}>{typeOf.get(mapping.destinationField)}</td>
              <td>
                <SourceFieldField index={index} column={mapping.destinationField} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
