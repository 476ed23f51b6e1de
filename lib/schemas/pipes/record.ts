import type {
  Compression,
  IteratorType,
  KafkaAuthMethod,
  KafkaType,
  ObjectStorageAuthMethod,
  ObjectStorageFormat,
  ObjectStorageType,
  OffsetStrategy,
  PipeState,
  PostgresTableEngine,
  ReplicationMode,
  StreamAuthMethod,
  StreamingFormat,
  TableEngine,
} from './bounds';
import type { FieldMapping, PipeScaling, PipeSettings } from './create';

/** The pipe as the cloud surface returns it. Credentials are never part of the returned source. */
export interface PipeRecord {
  id: string;
  name: string;
  serviceId: string;
  /** One of PIPE_STATES in practice; kept a string so an unknown new state still renders. */
  state: PipeState | (string & {});
  createdAt: string;
  updatedAt: string;
  destination: PipeDestinationRecord;
  fieldMappings: FieldMapping[];
  scaling: PipeScaling;
  settings: PipeSettings;
  source: PipeSourceRecord;
}

export interface PipeDestinationRecord {
  database: string;
  table?: string | null;
  managedTable?: boolean | null;
  columns?: { name: string; type: string }[] | null;
  tableDefinition?: {
    engine: { type: TableEngine; columnIds?: string[] | null; versionColumnId?: string | null };
    partitionBy?: string | null;
    primaryKey?: string | null;
    sortingKey?: string[] | null;
  } | null;
}

export interface PipeSourceRecord {
  kafka?: KafkaSourceRecord | null;
  streamService?: StreamSourceRecord | null;
  objectStorage?: ObjectStorageSourceRecord | null;
  postgres?: PostgresSourceRecord | null;
}

export interface KafkaSourceRecord {
  type: KafkaType;
  authentication: KafkaAuthMethod;
  brokers: string;
  topics: string;
  format: StreamingFormat;
  consumerGroup?: string | null;
  caCertificate?: string | null;
  iamRole?: string | null;
  offset?: { strategy: OffsetStrategy; timestamp?: string | null } | null;
  reversePrivateEndpointIds?: string[] | null;
  schemaRegistry?: { authentication: 'PLAIN'; url: string; caCertificate?: string | null } | null;
}

export interface StreamSourceRecord {
  authentication: StreamAuthMethod;
  format: StreamingFormat;
  iamRole?: string | null;
  iteratorType: IteratorType;
  timestamp?: number | null;
  region: string;
  streamName: string;
  useEnhancedFanOut?: boolean | null;
}

export interface ObjectStorageSourceRecord {
  type: ObjectStorageType;
  url?: string | null;
  format: ObjectStorageFormat;
  compression?: Compression | null;
  delimiter?: string | null;
  authentication?: ObjectStorageAuthMethod | null;
  iamRole?: string | null;
  connectionString?: string | null;
  blobContainerName?: string | null;
  path?: string | null;
  isContinuous?: boolean | null;
  queueUrl?: string | null;
}

export interface PostgresSourceRecord {
  host: string;
  port: number;
  database: string;
  settings?: {
    replicationMode?: ReplicationMode;
    allowNullableColumns?: boolean;
    enableFailoverSlots?: boolean;
    initialLoadParallelism?: number;
    publicationName?: string;
    replicationSlotName?: string;
    pullBatchSize?: number;
    snapshotNumRowsPerPartition?: number;
    snapshotNumberOfParallelTables?: number;
    syncIntervalSeconds?: number;
  };
  tableMappings: {
    sourceSchemaName: string;
    sourceTable: string;
    targetTable: string;
    tableEngine?: PostgresTableEngine;
    useCustomSortingKey?: boolean;
    sortingKeys?: string[];
    excludedColumns?: string[];
  }[];
}
