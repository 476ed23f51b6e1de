'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { Notice } from '@/components/ui/notice';
import {
  AUTH_METHOD_LABELS,
  COMPRESSIONS,
  COMPRESSION_LABELS,
  OBJECT_STORAGE_FORMATS,
  OBJECT_STORAGE_FORMAT_LABELS,
  OBJECT_STORAGE_TYPES,
  OBJECT_STORAGE_TYPE_LABELS,
  PUBLIC_ACCESS_LABEL,
} from '@/lib/schemas/pipes/bounds';
import { FormCheckbox, FormSelect, FormText, optionsOf } from '../wizard/form-fields';
import { isBlobContainer, isCsvFormat, type WizardValues } from '../wizard/wizard-values';
import styles from '../wizard/wizard.module.css';

const WILDCARD_HELP =
  'Bash-style wildcards select many files: * (any characters), ? (one character), {a,b} (either), ** (any folders).';

export function ObjectStorageFields() {
  const { control, getValues, setValue } = useFormContext<WizardValues>();
  const [type, format, authentication, isContinuous] = useWatch({
    control,
    name: [
      'source.objectStorage.type',
      'source.objectStorage.format',
      'source.objectStorage.authentication',
      'source.objectStorage.isContinuous',
    ],
  });
  const blob = isBlobContainer({ type });
  const isPublic = !blob && !authentication;

  // The two families authenticate differently; a method of the other family is replaced.
  const onTypeChange = (next: string) => {
    const current = getValues('source.objectStorage.authentication');
    const nextIsBlob = isBlobContainer({ type: next as WizardValues['source']['objectStorage']['type'] });
    if (nextIsBlob && current !== 'CONNECTION_STRING')
      setValue('source.objectStorage.authentication', 'CONNECTION_STRING');
    if (!nextIsBlob && current === 'CONNECTION_STRING') setValue('source.objectStorage.authentication', '');
  };

  const authOptions = blob
    ? [{ value: 'CONNECTION_STRING', label: AUTH_METHOD_LABELS.CONNECTION_STRING }]
    : [
        { value: '', label: PUBLIC_ACCESS_LABEL },
        { value: 'IAM_ROLE', label: AUTH_METHOD_LABELS.IAM_ROLE },
        { value: 'IAM_USER', label: AUTH_METHOD_LABELS.IAM_USER },
      ];

  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Files</legend>
        <FormSelect
          name="source.objectStorage.type"
          label="Object store"
          hint="Kinds 1 to 3 are addressed by a URL; a blob container by its connection string, container and path."
          options={optionsOf(OBJECT_STORAGE_TYPES, OBJECT_STORAGE_TYPE_LABELS)}
          onValueChange={onTypeChange}
        />
        {blob ? (
          <>
            <FormText
              name="source.objectStorage.connectionString"
              label="Connection string"
              hint="The storage account's connection string, including its key."
              secret
            />
            <div className={styles.pair}>
              <FormText name="source.objectStorage.blobContainerName" label="Container name" mono />
              <FormText
                name="source.objectStorage.path"
                label="Path"
                hint={`Files inside the container. ${WILDCARD_HELP}`}
                mono
                placeholder="logs/2026/*.json"
              />
            </div>
          </>
        ) : (
          <FormText
            name="source.objectStorage.url"
            label="URL"
            hint={WILDCARD_HELP}
            mono
            placeholder="https://bucket.example.com/logs/*.json.gz"
          />
        )}
        <div className={styles.pair}>
          <FormSelect
            name="source.objectStorage.format"
            label="File format"
            options={optionsOf(OBJECT_STORAGE_FORMATS, OBJECT_STORAGE_FORMAT_LABELS)}
          />
          <FormSelect
            name="source.objectStorage.compression"
            label="Compression"
            options={[{ value: '', label: 'None' }, ...optionsOf(COMPRESSIONS, COMPRESSION_LABELS)]}
          />
        </div>
        {isCsvFormat(format) && (
          <FormText
            name="source.objectStorage.delimiter"
            label="Delimiter (optional)"
            hint="The character between values; a comma when empty."
            mono
          />
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Access</legend>
        <FormSelect name="source.objectStorage.authentication" label="Authentication" options={authOptions} />
        {!blob && authentication === 'IAM_ROLE' && (
          <FormText
            name="source.objectStorage.iamRole"
            label="IAM role"
            hint="The role the pipe assumes to read the files."
            mono
          />
        )}
        {!blob && authentication === 'IAM_USER' && (
          <div className={styles.pair}>
            <FormText name="source.objectStorage.accessKey.accessKeyId" label="Access key ID" mono />
            <FormText name="source.objectStorage.accessKey.secretKey" label="Secret key" secret />
          </div>
        )}
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Ingestion</legend>
        <FormCheckbox
          name="source.objectStorage.isContinuous"
          label="Keep reading new files (continuous ingestion)"
          description="Off: the files present now are read once and the pipe completes."
        />
        {isContinuous && (
          <>
            <Notice tone="warning" title="New files must arrive in lexicographic order">
              Continuous ingestion reads files in name order and remembers the last one: a file whose name sorts before
              it is never read. Name files by time (e.g. 2026-11-23T08:00.json), or give a queue of object events below.
            </Notice>
            {isPublic ? (
              <p className={styles.groupHint}>
                A queue of object events needs authentication; a public bucket is read in name order.
              </p>
            ) : (
              <FormText
                name="source.objectStorage.queueUrl"
                label="Event queue URL (optional)"
                hint="Files are then ingested from object-event notifications, in any order."
                mono
              />
            )}
          </>
        )}
      </fieldset>
    </>
  );
}
