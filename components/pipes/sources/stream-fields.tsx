'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import {
  ITERATOR_TYPES,
  ITERATOR_TYPE_LABELS,
  STREAM_AUTH_METHODS,
  STREAM_TIMESTAMP_BOUNDS,
  STREAMING_FORMATS,
  STREAMING_FORMAT_LABELS,
  AUTH_METHOD_LABELS,
} from '@/lib/schemas/pipes/bounds';
import { FormCheckbox, FormNumber, FormSelect, FormText, optionsOf } from '../wizard/form-fields';
import type { WizardValues } from '../wizard/wizard-values';
import styles from '../wizard/wizard.module.css';

/** "2023-11-14 22:13 UTC" for a Unix time in seconds, so a person can check the number they typed. */
function describeUnixSeconds(seconds: number | undefined): string {
  if (seconds === undefined || !Number.isFinite(seconds)) return 'Unix time in seconds, e.g. 1700000000.';
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return 'Unix time in seconds.';
  return `Unix time in seconds: ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC.`;
}

export function StreamFields() {
  const { control } = useFormContext<WizardValues>();
  const [authentication, iteratorType, timestamp] = useWatch({
    control,
    name: [
      'source.streamService.authentication',
      'source.streamService.iteratorType',
      'source.streamService.timestamp',
    ],
  });
  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Stream</legend>
        <div className={styles.pair}>
          <FormText
            name="source.streamService.region"
            label="Region"
            hint="Cloud region of the stream, e.g. us-east-1."
            mono
          />
          <FormText name="source.streamService.streamName" label="Stream name" mono />
        </div>
        <FormSelect
          name="source.streamService.format"
          label="Record format"
          options={optionsOf(STREAMING_FORMATS, STREAMING_FORMAT_LABELS)}
        />
        <FormCheckbox
          name="source.streamService.useEnhancedFanOut"
          label="Use enhanced fan-out"
          description="A dedicated read throughput for this pipe, billed by the stream service."
        />
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Authentication</legend>
        <FormSelect
          name="source.streamService.authentication"
          label="Authentication method"
          options={optionsOf(STREAM_AUTH_METHODS, AUTH_METHOD_LABELS)}
        />
        {authentication === 'IAM_ROLE' ? (
          <FormText
            name="source.streamService.iamRole"
            label="IAM role"
            hint="The role the pipe assumes to read the stream."
            mono
          />
        ) : (
          <div className={styles.pair}>
            <FormText name="source.streamService.accessKey.accessKeyId" label="Access key ID" mono />
            <FormText name="source.streamService.accessKey.secretKey" label="Secret key" secret />
          </div>
        )}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Where to start reading</legend>
        <FormSelect
          name="source.streamService.iteratorType"
          label="Start position"
          options={optionsOf(ITERATOR_TYPES, ITERATOR_TYPE_LABELS)}
        />
        {iteratorType === 'AT_TIMESTAMP' && (
          <FormNumber
            name="source.streamService.timestamp"
            bounds={STREAM_TIMESTAMP_BOUNDS}
            label="Start from"
            hint={describeUnixSeconds(timestamp)}
          />
        )}
      </fieldset>
    </>
  );
}
