'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { Notice } from '@/components/ui/notice';
import { KafkaFields } from '../../sources/kafka-fields';
import { ObjectStorageFields } from '../../sources/object-storage-fields';
import { PostgresFields } from '../../sources/postgres-fields';
import { StreamFields } from '../../sources/stream-fields';
import { FormCheckbox } from '../form-fields';
import type { WizardValues } from '../wizard-values';

export function ConnectionStep() {
  const { control } = useFormContext<WizardValues>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      {kind === 'kafka' && <KafkaFields />}
      {kind === 'streamService' && <StreamFields />}
      {kind === 'objectStorage' && <ObjectStorageFields />}
      {kind === 'postgres' && <PostgresFields />}
      {kind === 'postgres' ? (
        <Notice tone="neutral">
          Postgres pipes check the connection and the table definitions when they are created.
        </Notice>
      ) : (
        <FormCheckbox
          name="source.validateSamples"
          label="Validate sample data (experimental)"
          description="Reads a few records at creation and checks that they can be parsed and loaded. Without it only the connection is checked."
        />
      )}
    </>
  );
}
