'use client';

import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  POSTGRES_PORT_BOUNDS,
  POSTGRES_SETTINGS_BOUNDS,
  POSTGRES_TABLE_ENGINES,
  REPLICATION_MODES,
  REPLICATION_MODE_LABELS,
  TABLE_ENGINE_LABELS,
} from '@/lib/schemas/pipes/bounds';
import { FormCheckbox, FormNumber, FormSelect, FormText, optionsOf, useFieldError } from '../wizard/form-fields';
import { emptyTableMapping, type WizardValues } from '../wizard/wizard-values';
import styles from '../wizard/wizard.module.css';

export function PostgresFields() {
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Database</legend>
        <div className={styles.pair}>
          <FormText name="source.postgres.host" label="Host" mono placeholder="db.example.com" />
          <FormNumber name="source.postgres.port" bounds={POSTGRES_PORT_BOUNDS} />
        </div>
        <FormText name="source.postgres.database" label="Database" mono />
        <div className={styles.pair}>
          <FormText
            name="source.postgres.credentials.username"
            label="User name"
            hint="A user allowed to replicate (REPLICATION) and read the tables."
          />
          <FormText name="source.postgres.credentials.password" label="Password" secret />
        </div>
      </fieldset>
      <TableMappings />
      <ReplicationSettings />
    </>
  );
}

function TableMappings() {
  const { control, register, setFocus } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'source.postgres.tableMappings' });
  // Focus is moved by hand: the field array's own shouldFocus re-focused the new row on later renders.
  const addRow = () => {
    const index = fields.length;
    append(emptyTableMapping(), { shouldFocus: false });
    requestAnimationFrame(() => setFocus(`source.postgres.tableMappings.${index}.sourceTable`));
  };
  const mappings = useWatch({ control, name: 'source.postgres.tableMappings' });
  const listError = useFieldError('source.postgres.tableMappings');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>Tables to replicate</legend>
      <p className={styles.groupHint}>
        Each row copies one Postgres table into a table of this service. Sorting keys and excluded columns are column
        names separated by commas.
      </p>
      <div className={styles.rows} role="list" aria-label="Table mappings">
        {fields.map((field, index) => {
          const custom = mappings?.[index]?.useCustomSortingKey ?? false;
          const base = `source.postgres.tableMappings.${index}` as const;
          return (
            <div key={field.id} className={styles.rowCard} role="listitem" aria-label={`Table mapping ${index + 1}`}>
              <div className={styles.rowGrid}>
                <FormText name={`${base}.sourceSchemaName`} label="Source schema" mono />
                <FormText name={`${base}.sourceTable`} label="Source table" mono />
                <FormText name={`${base}.targetTable`} label="Target table" mono />
                <FormSelect
                  name={`${base}.tableEngine`}
                  label="Table engine"
                  options={[{ value: '', label: 'Default' }, ...optionsOf(POSTGRES_TABLE_ENGINES, TABLE_ENGINE_LABELS)]}
                />
              </div>
              <div className={styles.rowGrid}>
                <div className={styles.stackTight}>
                  <Checkbox label="Custom sorting key" {...register(`${base}.useCustomSortingKey`)} />
                  {custom && (
                    <FormText
                      name={`${base}.sortingKeys`}
                      label="Sorting key columns"
                      hint="In order, e.g. customer_id, created_at."
                      mono
                    />
                  )}
                </div>
                <FormText
                  name={`${base}.excludedColumns`}
                  label="Excluded columns (optional)"
                  hint="Columns left out of the copy."
                  mono
                />
              </div>
              <div className={styles.rowActions}>
                <Button
                  size="sm"
                  variant="dangerGhost"
                  onClick={() => remove(index)}
                  disabled={fields.length === 1}
                  aria-label={`Remove table mapping ${index + 1}`}
                >
                  Remove
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      {listError && fields.length === 0 && <p className={styles.errorText}>{listError}</p>}
      <div>
        <Button size="sm" onClick={addRow}>
          Add table
        </Button>
      </div>
    </fieldset>
  );
}

function ReplicationSettings() {
  const b = POSTGRES_SETTINGS_BOUNDS;
  return (
    <details className={styles.details}>
      <summary>Replication settings (optional)</summary>
      <div className={styles.detailsBody}>
        <FormSelect
          name="source.postgres.settings.replicationMode"
          label="Replication mode"
          options={[
            { value: '', label: 'Default (snapshot, then change data capture)' },
            ...optionsOf(REPLICATION_MODES, REPLICATION_MODE_LABELS),
          ]}
        />
        <div className={styles.pair}>
          <FormText
            name="source.postgres.settings.publicationName"
            label="Publication name"
            hint="Empty: the pipe creates one."
            mono
          />
          <FormText
            name="source.postgres.settings.replicationSlotName"
            label="Replication slot name"
            hint="Empty: the pipe creates one."
            mono
          />
        </div>
        <FormCheckbox
          name="source.postgres.settings.allowNullableColumns"
          label="Allow Nullable columns in the destination tables"
        />
        <FormCheckbox
          name="source.postgres.settings.enableFailoverSlots"
          label="Enable failover for the replication slot"
          description="Needs the replication slot name left empty."
        />
        <div className={styles.pair}>
          <FormNumber name="source.postgres.settings.initialLoadParallelism" bounds={b.initialLoadParallelism} />
          <FormNumber name="source.postgres.settings.pullBatchSize" bounds={b.pullBatchSize} />
          <FormNumber
            name="source.postgres.settings.snapshotNumRowsPerPartition"
            bounds={b.snapshotNumRowsPerPartition}
          />
          <FormNumber
            name="source.postgres.settings.snapshotNumberOfParallelTables"
            bounds={b.snapshotNumberOfParallelTables}
          />
          <FormNumber name="source.postgres.settings.syncIntervalSeconds" bounds={b.syncIntervalSeconds} />
        </div>
      </div>
    </details>
  );
}
