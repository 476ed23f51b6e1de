'use client';

import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Notice } from '@/components/ui/notice';
import {
  AUTH_METHOD_LABELS,
  KAFKA_TYPE_LABELS,
  KAFKA_TYPES,
  OFFSET_STRATEGIES,
  OFFSET_STRATEGY_LABELS,
  STREAMING_FORMATS,
  STREAMING_FORMAT_LABELS,
  type KafkaAuthMethod,
  type KafkaType,
} from '@/lib/schemas/pipes/bounds';
import {
  isKafkaAuthAllowed,
  kafkaAuthMethodsFor,
  kafkaCredentialKindFor,
  usualKafkaAuthMethod,
} from '@/lib/schemas/pipes/kafka-auth';
import { FormSelect, FormText, FormTextarea, optionsOf } from '../wizard/form-fields';
import type { WizardValues } from '../wizard/wizard-values';
import styles from '../wizard/wizard.module.css';

const PEM_PLACEHOLDER = '-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----';

function typeExplanation(type: KafkaType): string {
  const methods = kafkaAuthMethodsFor(type).map((m) => AUTH_METHOD_LABELS[m]);
  const credentials =
    kafkaCredentialKindFor(type, 'PLAIN') === 'connectionString'
      ? ' Its PLAIN credentials are one connection string.'
      : '';
  const what =
    type === 'kafka' ? 'Any Kafka-compatible broker you run yourself.' : 'A hosted Kafka-compatible broker service.';
  return `${what} Authenticates with ${methods.join(', ')}.${credentials}`;
}

export function KafkaFields() {
  const { control, getValues, setValue } = useFormContext<WizardValues>();
  const [type, authentication, format, strategy] = useWatch({
    control,
    name: ['source.kafka.type', 'source.kafka.authentication', 'source.kafka.format', 'source.kafka.offset.strategy'],
  });
  const [replacedMethod, setReplacedMethod] = useState<{
    method: KafkaAuthMethod;
    type: KafkaType;
    usual: KafkaAuthMethod | undefined;
  } | null>(null);
  const methods = kafkaAuthMethodsFor(type);
  const credentialKind = authentication ? kafkaCredentialKindFor(type, authentication) : null;

  // A method the new type does not allow gives way to the type's usual method, and the form says so.
  const onTypeChange = (next: string) => {
    const method = getValues('source.kafka.authentication');
    const nextType = next as KafkaType;
    if (!method || !isKafkaAuthAllowed(nextType, method)) {
      const usual = usualKafkaAuthMethod(nextType);
      setValue('source.kafka.authentication', usual ?? '', { shouldDirty: true });
      setReplacedMethod(method ? { method, type: nextType, usual } : null);
    } else {
      setReplacedMethod(null);
    }
  };

  return (
    <>
      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Broker</legend>
        <FormSelect
          name="source.kafka.type"
          label="Broker type"
          hint={typeExplanation(type)}
          options={optionsOf(KAFKA_TYPES, KAFKA_TYPE_LABELS)}
          onValueChange={onTypeChange}
        />
        <FormText
          name="source.kafka.brokers"
          label="Brokers"
          hint="Host and port of each broker, separated by commas, e.g. broker-1:9092,broker-2:9092."
          mono
        />
        <FormText
          name="source.kafka.topics"
          label="Topics"
          hint="The topic (or topics, separated by commas) to read."
          mono
        />
        <FormSelect
          name="source.kafka.format"
          label="Message format"
          options={optionsOf(STREAMING_FORMATS, STREAMING_FORMAT_LABELS)}
        />
        <FormText
          name="source.kafka.consumerGroup"
          label="Consumer group (optional)"
          hint="Leave empty for the default: a group named after the pipe's id, shown on the pipe's page once it is created."
          mono
        />
      </fieldset>

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Authentication</legend>
        {replacedMethod && (replacedMethod.usual ? authentication === replacedMethod.usual : !authentication) && (
          <Notice tone="warning" role="status" title="The authentication method changed">
            {KAFKA_TYPE_LABELS[replacedMethod.type]} does not support {AUTH_METHOD_LABELS[replacedMethod.method]}
            {replacedMethod.usual
              ? `, so its usual method, ${AUTH_METHOD_LABELS[replacedMethod.usual]}, is chosen instead. Check the credentials below.`
              : ', so it was cleared.'}
          </Notice>
        )}
        <FormSelect
          name="source.kafka.authentication"
          label="Authentication method"
          hint={`${KAFKA_TYPE_LABELS[type]} allows ${methods.length === 1 ? 'only this method' : 'these methods'}.`}
          options={[
            // Only while none is chosen (a type this console does not know methods of), so it never shows as the first option by accident.
            ...(authentication ? [] : [{ value: '', label: 'Choose a method…' }]),
            ...methods.map((m) => ({ value: m, label: AUTH_METHOD_LABELS[m] })),
          ]}
        />
        {credentialKind === 'usernamePassword' && (
          <div className={styles.pair}>
            <FormText name="source.kafka.credentials.username" label="User name" />
            <FormText name="source.kafka.credentials.password" label="Password" secret />
          </div>
        )}
        {credentialKind === 'accessKey' && (
          <div className={styles.pair}>
            <FormText name="source.kafka.credentials.accessKeyId" label="Access key ID" mono />
            <FormText name="source.kafka.credentials.secretKey" label="Secret key" secret />
          </div>
        )}
        {credentialKind === 'connectionString' && (
          <FormText
            name="source.kafka.credentials.connectionString"
            label="Connection string"
            hint="The service's connection string, including its key."
            secret
          />
        )}
        {credentialKind === 'clientCertificate' && (
          <>
            <FormTextarea
              name="source.kafka.credentials.certificate"
              label="Client certificate"
              hint="PEM, from -----BEGIN CERTIFICATE-----."
              placeholder={PEM_PLACEHOLDER}
            />
            <FormTextarea
              name="source.kafka.credentials.privateKey"
              label="Client key"
              hint="PEM, from -----BEGIN PRIVATE KEY-----. Sent once to the cloud API; never stored in the browser."
              secret
            />
          </>
        )}
        {credentialKind === 'none' && (
          <FormText
            name="source.kafka.iamRole"
            label="IAM role"
            hint="The role the pipe assumes to read the topics; no credentials are sent."
            mono
          />
        )}
        <FormTextarea
          name="source.kafka.caCertificate"
          label="CA certificate (optional)"
          hint="PEM certificates that validate the broker's certificate, when it is not signed by a public authority."
          placeholder={PEM_PLACEHOLDER}
          rows={3}
        />
      </fieldset>

      {format === 'AvroRegistry' && (
        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>Schema registry</legend>
          <p className={styles.groupHint}>
            The Avro-with-registry format reads each message&apos;s schema from this registry (PLAIN authentication).
          </p>
          <FormText
            name="source.kafka.schemaRegistry.url"
            label="Registry URL"
            hint="Must be an https:// address."
            mono
            placeholder="https://registry.example.com"
          />
          <div className={styles.pair}>
            <FormText name="source.kafka.schemaRegistry.credentials.username" label="Registry user name" />
            <FormText name="source.kafka.schemaRegistry.credentials.password" label="Registry password" secret />
          </div>
          <FormTextarea
            name="source.kafka.schemaRegistry.caCertificate"
            label="Registry CA certificate (optional)"
            placeholder={PEM_PLACEHOLDER}
            rows={3}
          />
        </fieldset>
      )}

      <fieldset className={styles.group}>
        <legend className={styles.groupTitle}>Where to start reading</legend>
        <FormSelect
          name="source.kafka.offset.strategy"
          label="Offset"
          options={[
            { value: '', label: 'Default (the broker decides)' },
            ...optionsOf(OFFSET_STRATEGIES, OFFSET_STRATEGY_LABELS),
          ]}
        />
        {strategy === 'from_timestamp' && <KafkaTimestampField />}
        <FormTextarea
          name="source.kafka.reversePrivateEndpointIds"
          label="Reverse private endpoint IDs (optional)"
          hint="For a private connection to the brokers: one id per line or separated by commas."
          rows={2}
        />
      </fieldset>
    </>
  );
}

/** Minute precision in UTC: the picker's value is exactly the form the API takes (YYYY-MM-DDTHH:MM). */
function KafkaTimestampField() {
  return (
    <FormText
      name="source.kafka.offset.timestamp"
      type="datetime-local"
      step={60}
      label="Start from (UTC)"
      hint="Date and time in UTC, to the minute; messages from this moment on are read."
    />
  );
}
