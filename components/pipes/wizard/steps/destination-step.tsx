'use client';

import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TABLE_ENGINES, TABLE_ENGINE_LABELS } from '@/lib/schemas/pipes/bounds';
import { ColumnPicker } from '../column-picker';
import { ColumnTypeField } from '../column-type-field';
import { FormCheckbox, FormSelect, FormText, optionsOf, useFieldError } from '../form-fields';
import { SamplePanel } from '../sample/sample-panel';
import { SamplePreview } from '../sample/sample-preview';
import type { WizardValues } from '../wizard-values';
import styles from '../wizard.module.css';

export function DestinationStep() {
  const { control } = useFormContext<WizardValues>();
  const kind = useWatch({ control, name: 'kind' });
  if (kind === 'postgres') {
    return (
      <>
        <p className={styles.stepIntro}>
          The tables are created from the table mappings of the connection step; choose the database they go to.
        </p>
        <FormText name="destination.database" label="Database" mono />
        <Roles />
      </>
    );
  }
  return (
    <>
      <div className={styles.pair}>
        <FormText name="destination.database" label="Database" mono />
        <FormText name="destination.table" label="Table" mono />
      </div>
      <FormCheckbox
        name="destination.managedTable"
        label="The pipe creates and manages the table"
        description="Off: the table must already exist with these columns."
      />
      <SamplePanel />
      <Columns />
      <SamplePreview />
      <TableDefinition />
      <Roles />
    </>
  );
}

function Columns() {
  const { control, setFocus } = useFormContext<WizardValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'destination.columns' });
  const addColumn = () => {
    const index = fields.length;
    append({ name: '', type: 'String' }, { shouldFocus: false });
    requestAnimationFrame(() => setFocus(`destination.columns.${index}.name`));
  };
  const listError = useFieldError('destination.columns');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>Columns</legend>
      <div className={styles.rows} role="list" aria-label="Destination columns">
        {fields.map((field, index) => (
          <div key={field.id} role="listitem" aria-label={`Column ${index + 1}`} className={styles.columnRow}>
            <FormText name={`destination.columns.${index}.name`} label={`Column ${index + 1} name`} mono />
            <ColumnTypeField index={index} />
            <Button
              size="sm"
              variant="dangerGhost"
              onClick={() => remove(index)}
              disabled={fields.length === 1}
              aria-label={`Remove column ${index + 1}`}
            >
              Remove
            </Button>
          </div>
        ))}
      </div>
      {listError && !fields.length && <p className={styles.errorText}>{listError}</p>}
      <div>
        <Button size="sm" onClick={addColumn}>
          Add column
        </Button>
      </div>
    </fieldset>
  );
}

function TableDefinition() {
  const { control } = useFormContext<WizardValues>();
  const [engine, columns] = useWatch({
    control,
    name: ['destination.tableDefinition.engine.type', 'destination.columns'],
  });
  const names = (columns ?? []).map((c) => c.name.trim()).filter(Boolean);
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>Table definition</legend>
      <FormSelect
        name="destination.tableDefinition.engine.type"
        label="Engine"
        hint={
          engine
            ? 'The sorting, primary and partition keys below belong to this engine.'
            : 'Default: the service chooses the engine and its keys. Choose an engine to set the sorting, primary and partition keys yourself.'
        }
        options={[{ value: '', label: 'Default' }, ...optionsOf(TABLE_ENGINES, TABLE_ENGINE_LABELS)]}
      />
      {engine === 'SummingMergeTree' && (
        <ColumnPicker
          name="destination.tableDefinition.engine.columnIds"
          legend="Columns to sum"
          hint="Rows with the same sorting key are merged by summing these."
          columns={names}
        />
      )}
      {engine === 'ReplacingMergeTree' && (
        <FormSelect
          name="destination.tableDefinition.engine.versionColumnId"
          label="Version column (optional)"
          hint="Of rows with the same sorting key, the one with the highest version is kept; empty keeps the last inserted."
          options={[{ value: '', label: 'None' }, ...names.map((n) => ({ value: n, label: n }))]}
        />
      )}
      {engine && (
        <>
          <ColumnPicker
            name="destination.tableDefinition.sortingKey"
            legend="Sorting key"
            hint="Chosen in order; rows are stored sorted by these columns."
            columns={names}
          />
          <div className={styles.pair}>
            <FormText
              name="destination.tableDefinition.primaryKey"
              label="Primary key (optional)"
              hint="SQL expression; the sorting key when empty."
              mono
            />
            <FormText
              name="destination.tableDefinition.partitionBy"
              label="Partition key (optional)"
              hint="SQL expression, e.g. toYYYYMM(created_at)."
              mono
            />
          </div>
        </>
      )}
    </fieldset>
  );
}

function Roles() {
  return (
    <FormText
      name="destination.roles"
      label="Database roles (optional)"
      hint="The pipe creates a database user holding these roles; separate them with commas. Custom roles of this service are allowed."
      mono
    />
  );
}
