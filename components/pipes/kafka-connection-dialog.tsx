'use client';

import { useMemo, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import fieldStyles from '@/components/ui/field.module.css';
import { FormError } from '@/components/ui/form-error';
import { Notice } from '@/components/ui/notice';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { ApiRequestError } from '@/lib/api/client';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { usePipeUpdateMutation } from '@/lib/api/pipes/use-pipe-update-mutation';
import {
  KAFKA_TYPE_LABELS,
  kafkaSourcePatchSchemaFor,
  type KafkaSourceRecord,
  type PipeRecord,
} from '@/lib/schemas/pipes';
import {
  KAFKA_SOURCE_PREFIX,
  authMethodOptions,
  credentialFieldsFor,
  kafkaConnectionFormValues,
  toKafkaConnectionPatch,
  type KafkaConnectionPatch,
  type KafkaConnectionValues,
} from './kafka-connection';
import styles from './pipe-edit-dialogs.module.css';

export interface KafkaConnectionDialogProps {
  pipe: PipeRecord | null;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  serviceId: string;
  /** Why the other fields are not here, in the words the detail page uses. */
  explanation: string;
}

export function KafkaConnectionDialog({
  pipe,
  onOpenChange,
  organizationId,
  serviceId,
  explanation,
}: KafkaConnectionDialogProps) {
  const source = pipe?.source.kafka;
  return (
    <Dialog open={pipe !== null} onOpenChange={onOpenChange} title="Edit connection" description={pipe?.name} wide>
      {pipe && source && (
        <KafkaConnectionForm
          pipeId={pipe.id}
          source={source}
          organizationId={organizationId}
          serviceId={serviceId}
          explanation={explanation}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

const FORM_FIELDS = ['authentication', 'iamRole', 'caCertificate', 'reversePrivateEndpointIds', 'credentials'];

/** The upstream names `source.kafka.credentials`; the form names `credentials`. */
function relativeToSource(error: unknown): unknown {
  if (!(error instanceof ApiRequestError) || error.fields.length === 0) return error;
  return new ApiRequestError({
    status: error.status,
    code: error.code,
    message: error.message,
    requestId: error.requestId,
    retryAfter: error.retryAfter,
    fields: error.fields.map((field) =>
      field.path.startsWith(KAFKA_SOURCE_PREFIX)
        ? { ...field, path: field.path.slice(KAFKA_SOURCE_PREFIX.length) }
        : field,
    ),
  });
}

function KafkaConnectionForm({
  pipeId,
  source,
  organizationId,
  serviceId,
  explanation,
  onDone,
}: {
  pipeId: string;
  source: KafkaSourceRecord;
  organizationId: string;
  serviceId: string;
  explanation: string;
  onDone: () => void;
}) {
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const updatePipe = usePipeUpdateMutation(organizationId, serviceId, pipeId);
  // The form is checked as the PATCH it becomes, by the Kafka update schema, so its messages and paths are the schema's.
  const schema = useMemo(
    () =>
      z.pipe(
        z.transform((values): unknown => toKafkaConnectionPatch(source, values as KafkaConnectionValues)),
        kafkaSourcePatchSchemaFor({ type: source.type, authentication: source.authentication }),
      ) as unknown as $ZodType<KafkaConnectionPatch, KafkaConnectionValues>,
    [source],
  );
  const form = useForm<KafkaConnectionValues, unknown, KafkaConnectionPatch>({
    resolver: schemaResolver(schema),
    mode: 'onTouched',
    defaultValues: kafkaConnectionFormValues(source),
  });
  const method = useWatch({ control: form.control, name: 'authentication' });
  const credentialFields = credentialFieldsFor(source.type, method);
  const methodChanged = method !== source.authentication;
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((patch) => {
    setFormError(null);
    if (Object.keys(patch).length === 0) return onDone();
    updatePipe.mutate(
      { source: { kafka: patch } },
      {
        onSuccess: onDone,
        onError: (error) => setFormError(applyApiErrorToForm(relativeToSource(error), form.setError, FORM_FIELDS)),
      },
    );
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <Notice tone="neutral">{explanation}</Notice>
      <FormError message={formError} />
      <SelectField
        label="Authentication"
        hint={`${KAFKA_TYPE_LABELS[source.type]} accepts these methods.`}
        options={authMethodOptions(source.type)}
        className={styles.wideSelect}
        error={errors.authentication?.message}
        {...form.register('authentication')}
      />
      {method === 'IAM_ROLE' ? (
        <TextField label="IAM role" mono error={errors.iamRole?.message} {...form.register('iamRole')} />
      ) : (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>Credentials</legend>
          <p className={fieldStyles.hint}>
            {methodChanged
              ? 'A new method needs its own credentials; the current ones do not carry over.'
              : 'Stored credentials are never shown. Leave these empty to keep them, or enter new ones to replace them.'}
          </p>
          {credentialFields.map((field) => {
            const name = `credentials.${field.name}` as FieldPath<KafkaConnectionValues>;
            const error =
              errors.credentials?.[field.name]?.message ??
              (field === credentialFields[0] ? errors.credentials?.message : undefined);
            return field.multiline ? (
              <TextareaField key={field.name} label={field.label} error={error} mono {...form.register(name)} />
            ) : (
              <TextField
                key={field.name}
                label={field.label}
                type={field.secret ? 'password' : 'text'}
                autoComplete={field.secret ? 'new-password' : 'off'}
                error={error}
                {...form.register(name)}
              />
            );
          })}
        </fieldset>
      )}
      <TextareaField
        mono
        label="CA certificate"
        hint="PEM text of the certificates that validate the brokers; empty removes it."
        error={errors.caCertificate?.message}
        {...form.register('caCertificate')}
      />
      <TextareaField
        mono
        label="Reverse private endpoint IDs"
        hint="One per line or separated by commas."
        rows={2}
        error={errors.reversePrivateEndpointIds?.message}
        {...form.register('reversePrivateEndpointIds')}
      />
      <FormDialogFooter submitLabel="Save connection" pending={updatePipe.isPending} />
    </form>
  );
}
