/**
 * The creation request for the wizard's values: only the chosen source kind, only the fields that
 * apply to the choices made, nothing left blank, and every field at the path the form shows it, so
 * the shared schema's and the server's errors land on the field that shows them.
 */
import { kafkaCredentialKindFor } from '@/lib/schemas/pipes/kafka-auth';
import type { PipeKind } from '@/lib/schemas/pipes/bounds';
import {
  isBlobContainer,
  isCsvFormat,
  type DestinationDraft,
  type KafkaDraft,
  type ObjectStorageDraft,
  type PostgresDraft,
  type StreamDraft,
  type WizardValues,
} from './wizard-values';

/** "a, b\nc" → ["a", "b", "c"] */
export function splitList(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((item) => item.trim())
    .filter(Boolean);
}

const isBlank = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** Drops blank keys: what a person left empty is not sent (the upstream refuses nulls and empty strings). */
function withoutBlanks<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => !isBlank(v))) as Partial<T>;
}

const trimmed = (text: string) => text.trim();

function kafkaRequest(draft: KafkaDraft) {
  const auth = draft.authentication || undefined;
  const credentials = (() => {
    if (!auth) return undefined;
    const c = draft.credentials;
    switch (kafkaCredentialKindFor(draft.type, auth)) {
      case 'none':
        return undefined;
      case 'accessKey':
        return { accessKeyId: c.accessKeyId, secretKey: c.secretKey };
      case 'connectionString':
        return { connectionString: c.connectionString };
      case 'clientCertificate':
        return { certificate: c.certificate, privateKey: c.privateKey };
      case 'usernamePassword':
        return { username: c.username, password: c.password };
    }
  })();
  const registry = draft.schemaRegistry;
  return withoutBlanks({
    type: draft.type,
    authentication: auth,
    brokers: draft.brokers,
    topics: draft.topics,
    format: draft.format,
    consumerGroup: trimmed(draft.consumerGroup),
    caCertificate: trimmed(draft.caCertificate),
    iamRole: auth === 'IAM_ROLE' ? draft.iamRole : undefined,
    offset: draft.offset.strategy
      ? withoutBlanks({
          strategy: draft.offset.strategy,
          timestamp: draft.offset.strategy === 'from_timestamp' ? draft.offset.timestamp : undefined,
        })
      : undefined,
    reversePrivateEndpointIds: splitList(draft.reversePrivateEndpointIds),
    schemaRegistry:
      draft.format === 'AvroRegistry'
        ? withoutBlanks({
            authentication: 'PLAIN',
            url: registry.url,
            caCertificate: trimmed(registry.caCertificate),
            credentials: registry.credentials,
          })
        : undefined,
    credentials,
  });
}

function streamRequest(draft: StreamDraft) {
  return withoutBlanks({
    authentication: draft.authentication,
    format: draft.format,
    iamRole: draft.authentication === 'IAM_ROLE' ? draft.iamRole : undefined,
    accessKey: draft.authentication === 'IAM_USER' ? draft.accessKey : undefined,
    iteratorType: draft.iteratorType,
    timestamp: draft.iteratorType === 'AT_TIMESTAMP' ? draft.timestamp : undefined,
    region: draft.region,
    streamName: draft.streamName,
    useEnhancedFanOut: draft.useEnhancedFanOut || undefined,
  });
}

function objectStorageRequest(draft: ObjectStorageDraft) {
  const blob = isBlobContainer(draft);
  const auth = draft.authentication || undefined;
  const isPublic = !blob && !auth;
  return withoutBlanks({
    type: draft.type,
    url: blob ? undefined : draft.url,
    format: draft.format,
    compression: draft.compression,
    delimiter: isCsvFormat(draft.format) ? draft.delimiter : undefined,
    authentication: blob
      ? auth === 'CONNECTION_STRING'
        ? auth
        : undefined
      : auth === 'CONNECTION_STRING'
        ? undefined
        : auth,
    iamRole: !blob && auth === 'IAM_ROLE' ? draft.iamRole : undefined,
    accessKey: !blob && auth === 'IAM_USER' ? draft.accessKey : undefined,
    connectionString: blob ? draft.connectionString : undefined,
    blobContainerName: blob ? draft.blobContainerName : undefined,
    path: blob ? draft.path : undefined,
    isContinuous: draft.isContinuous || undefined,
    queueUrl: draft.isContinuous && !isPublic ? draft.queueUrl : undefined,
  });
}

function postgresRequest(draft: PostgresDraft) {
  const s = draft.settings;
  return withoutBlanks({
    host: draft.host,
    port: draft.port,
    database: draft.database,
    credentials: draft.credentials,
    settings: withoutBlanks({
      ...s,
      replicationMode: s.replicationMode,
      allowNullableColumns: s.allowNullableColumns || undefined,
      enableFailoverSlots: s.enableFailoverSlots || undefined,
    }),
    tableMappings: draft.tableMappings.map((m) =>
      withoutBlanks({
        sourceSchemaName: m.sourceSchemaName,
        sourceTable: m.sourceTable,
        targetTable: m.targetTable,
        tableEngine: m.tableEngine,
        useCustomSortingKey: m.useCustomSortingKey || undefined,
        sortingKeys: m.useCustomSortingKey ? splitList(m.sortingKeys) : undefined,
        excludedColumns: splitList(m.excludedColumns),
      }),
    ),
  });
}

function destinationRequest(draft: DestinationDraft, kind: PipeKind) {
  const roles = splitList(draft.roles);
  if (kind === 'postgres') return withoutBlanks({ database: draft.database, roles });
  const definition = draft.tableDefinition;
  const engineType = definition.engine.type;
  const engine =
    engineType === 'SummingMergeTree'
      ? { type: engineType, columnIds: definition.engine.columnIds }
      : engineType === 'ReplacingMergeTree'
        ? withoutBlanks({ type: engineType, versionColumnId: definition.engine.versionColumnId })
        : engineType
          ? { type: engineType }
          : undefined;
  return withoutBlanks({
    database: draft.database,
    table: draft.table,
    managedTable: draft.managedTable,
    columns: draft.columns,
    tableDefinition: engine
      ? withoutBlanks({
          engine,
          partitionBy: trimmed(definition.partitionBy),
          primaryKey: trimmed(definition.primaryKey),
          sortingKey: definition.sortingKey,
        })
      : undefined,
    roles,
  });
}

const SOURCE_REQUEST = {
  kafka: (values: WizardValues) => kafkaRequest(values.source.kafka),
  streamService: (values: WizardValues) => streamRequest(values.source.streamService),
  objectStorage: (values: WizardValues) => objectStorageRequest(values.source.objectStorage),
  postgres: (values: WizardValues) => postgresRequest(values.source.postgres),
} satisfies Record<PipeKind, (values: WizardValues) => unknown>;

/**
 * The creation request for these values, before validation: only the chosen source kind, only the
 * fields that apply to the choices made, nothing left blank. Postgres pipes send no field mappings
 * and no `validateSamples` (it has no effect on them).
 */
export function toRequestInput(values: WizardValues): Record<string, unknown> {
  const kind = values.kind;
  if (!kind) return { name: values.name, source: {} };
  const source: Record<string, unknown> = { [kind]: SOURCE_REQUEST[kind](values) };
  if (kind !== 'postgres' && values.source.validateSamples) source.validateSamples = true;
  return withoutBlanks({
    name: values.name,
    source,
    destination: destinationRequest(values.destination, kind),
    fieldMappings: kind === 'postgres' ? undefined : values.fieldMappings,
    scaling: withoutBlanks(values.scaling),
    settings: withoutBlanks(values.settings),
  });
}
