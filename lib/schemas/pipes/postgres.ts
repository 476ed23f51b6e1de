import * as z from 'zod/mini';
import {
  POSTGRES_PORT_BOUNDS,
  POSTGRES_SETTINGS_BOUNDS,
  POSTGRES_TABLE_ENGINES,
  REPLICATION_MODES,
  listOr,
} from './bounds';
import { boundedNumber, optionalText, requiredText, userPasswordSchema } from './common';

const optionalBool = (label: string) => z.optional(z.boolean({ error: `${label} must be true or false` }));
const b = POSTGRES_SETTINGS_BOUNDS;

export const postgresPipeSettingsSchema = z
  .object({
    replicationMode: z.optional(
      z.enum(REPLICATION_MODES, { error: `Replication mode must be ${listOr(REPLICATION_MODES)}` }),
    ),
    allowNullableColumns: optionalBool('Allow nullable columns'),
    enableFailoverSlots: optionalBool('Failover slots'),
    initialLoadParallelism: z.optional(boundedNumber(b.initialLoadParallelism)),
    publicationName: optionalText(),
    replicationSlotName: optionalText(),
    pullBatchSize: z.optional(boundedNumber(b.pullBatchSize)),
    snapshotNumRowsPerPartition: z.optional(boundedNumber(b.snapshotNumRowsPerPartition)),
    snapshotNumberOfParallelTables: z.optional(boundedNumber(b.snapshotNumberOfParallelTables)),
    syncIntervalSeconds: z.optional(boundedNumber(b.syncIntervalSeconds)),
  })
  .check(
    z.refine((s) => !(s.enableFailoverSlots && s.replicationSlotName), {
      error: 'Failover slots need the replication slot name left empty',
      path: ['enableFailoverSlots'],
    }),
  );

const columnList = (label: string, listMessage: string) => z.array(requiredText(label), { error: listMessage });

export const postgresTableMappingSchema = z
  .object({
    sourceSchemaName: requiredText('Source schema'),
    sourceTable: requiredText('Source table'),
    targetTable: requiredText('Target table'),
    tableEngine: z.optional(
      z.enum(POSTGRES_TABLE_ENGINES, { error: `Table engine must be ${listOr(POSTGRES_TABLE_ENGINES)}` }),
    ),
    useCustomSortingKey: optionalBool('Custom sorting key'),
    sortingKeys: z.optional(columnList('Sorting key column', 'Sorting keys must be a list of columns')),
    excludedColumns: z.optional(columnList('Excluded column', 'Excluded columns must be a list')),
  })
  .check(
    z.refine((m) => !m.useCustomSortingKey || (m.sortingKeys?.length ?? 0) > 0, {
      error: 'Choose at least one sorting key column for a custom sorting key',
      path: ['sortingKeys'],
    }),
  );

export const postgresSourceSchema = z.object({
  host: requiredText('Host'),
  port: boundedNumber(POSTGRES_PORT_BOUNDS),
  database: requiredText('Database'),
  credentials: userPasswordSchema,
  settings: z.optional(postgresPipeSettingsSchema),
  tableMappings: z
    .array(postgresTableMappingSchema, { error: 'Choose at least one table' })
    .check(z.minLength(1, { error: 'Choose at least one table' })),
});
export type PostgresSource = z.infer<typeof postgresSourceSchema>;
export type PostgresSourceInput = z.input<typeof postgresSourceSchema>;
