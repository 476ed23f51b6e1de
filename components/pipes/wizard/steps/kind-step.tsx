'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { PIPE_KINDS, PIPE_KIND_LABELS, PIPE_NAME_MAX_LENGTH, type PipeKind } from '@/lib/schemas/pipes/bounds';
import { FormText, useFieldError } from '../form-fields';
import { defaultSourceDrafts, type WizardValues } from '../wizard-values';
import styles from '../wizard.module.css';

const KIND_DESCRIPTIONS: Record<PipeKind, string> = {
  kafka: 'Read messages from topics of a Kafka-compatible broker, yours or a hosted one, as they arrive.',
  streamService: 'Read records from an Amazon Kinesis data stream, as they arrive.',
  objectStorage: 'Load files (JSON, CSV, Parquet, Avro) from a bucket or blob container, once or continuously.',
  postgres: 'Replicate tables of a Postgres database: an initial snapshot, then every change.',
};

export function KindStep() {
  const { control, getValues, setValue, clearErrors } = useFormContext<WizardValues>();
  const kind = useWatch({ control, name: 'kind' });
  const kindError = useFieldError('kind');

  // Choosing another kind replaces the whole source: nothing typed for one kind leaks into another.
  const choose = (next: PipeKind) => {
    if (getValues('kind') === next) return;
    const drafts = defaultSourceDrafts();
    setValue('kind', next, { shouldDirty: true });
    setValue('source', { ...drafts, validateSamples: false }, { shouldDirty: true });
    clearErrors(['kind', 'source']);
  };

  return (
    <>
      <FormText
        name="name"
        label="Pipe name"
        hint={`Shown in the pipes list; at most ${PIPE_NAME_MAX_LENGTH} characters.`}
        placeholder="Orders from Kafka"
      />
      <fieldset className={styles.group} aria-describedby={kindError ? 'pipe-kind-error' : undefined}>
        <legend className={styles.groupTitle}>Where does the data come from?</legend>
        <div className={styles.kindGrid}>
          {PIPE_KINDS.map((option) => (
            <label key={option} className={styles.kindCard} data-checked={kind === option || undefined}>
              <input
                type="radio"
                name="pipe-kind"
                value={option}
                checked={kind === option}
                onChange={() => choose(option)}
                className={styles.kindRadio}
              />
              <span className={styles.kindTitle}>{PIPE_KIND_LABELS[option]}</span>
              <span className={styles.kindDescription}>{KIND_DESCRIPTIONS[option]}</span>
            </label>
          ))}
        </div>
        {kindError && (
          <p id="pipe-kind-error" className={styles.errorText}>
            {kindError}
          </p>
        )}
      </fieldset>
    </>
  );
}
