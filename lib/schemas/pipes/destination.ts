import * as z from 'zod/mini';
import type { $RefinementCtx } from 'zod/v4/core';
import { TABLE_ENGINES, listOr } from './bounds';
import { optionalText, requiredText } from './common';

export const destinationColumnSchema = z.object({
  name: requiredText('Column name'),
  type: requiredText('Column type'),
});
export type DestinationColumn = z.infer<typeof destinationColumnSchema>;

export const destinationColumnsSchema = z.array(destinationColumnSchema, { error: 'Add at least one column' }).check(
  z.minLength(1, { error: 'Add at least one column' }),
  z.superRefine((columns, ctx) => {
    const seen = new Set<string>();
    columns.forEach((column, i) => {
      if (seen.has(column.name)) {
        ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `Column ${column.name} is listed more than once` });
      }
      seen.add(column.name);
    });
  }),
);

const columnNames = (label: string, listMessage: string) => z.array(requiredText(label), { error: listMessage });

export const tableEngineSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('MergeTree') }),
    z.object({ type: z.literal('ReplacingMergeTree'), versionColumnId: optionalText() }),
    z.object({
      type: z.literal('SummingMergeTree'),
      columnIds: columnNames('Column to sum', 'Choose at least one column to sum').check(
        z.minLength(1, { error: 'Choose at least one column to sum' }),
      ),
    }),
    z.object({ type: z.literal('Null') }),
  ],
  { error: `Engine must be ${listOr(TABLE_ENGINES)}` },
);

export const tableDefinitionSchema = z.object({
  engine: tableEngineSchema,
  partitionBy: optionalText(),
  primaryKey: optionalText(),
  sortingKey: z.optional(columnNames('Sorting key column', 'Sorting key must be a list of columns')),
});

/** Shape shared by every kind; table, managedTable and columns are required except for Postgres pipes. */
const destinationShape = {
  database: requiredText('Database'),
  table: optionalText(),
  managedTable: z.optional(z.boolean({ error: 'Managed table must be true or false' })),
  columns: z.optional(destinationColumnsSchema),
  tableDefinition: z.optional(tableDefinitionSchema),
  roles: z.optional(z.array(requiredText('Role'), { error: 'Roles must be a list' })),
};

type DestinationShape = z.infer<z.ZodMiniObject<typeof destinationShape>>;

/** Names in the table definition must be destination columns. */
function checkTableDefinition(destination: DestinationShape, ctx: $RefinementCtx) {
  const definition = destination.tableDefinition;
  if (!definition || !destination.columns) return;
  const names = new Set(destination.columns.map((c) => c.name));
  const unknown = (path: (string | number)[], name: string, what: string) => {
    if (!names.has(name))
      ctx.addIssue({
        code: 'custom',
        path: ['tableDefinition', ...path],
        message: `${what} ${name} is not a destination column`,
      });
  };
  const engine = definition.engine;
  if (engine.type === 'SummingMergeTree')
    engine.columnIds.forEach((id, i) => unknown(['engine', 'columnIds', i], id, 'Column to sum'));
  if (engine.type === 'ReplacingMergeTree' && engine.versionColumnId)
    unknown(['engine', 'versionColumnId'], engine.versionColumnId, 'Version column');
  definition.sortingKey?.forEach((key, i) => unknown(['sortingKey', i], key, 'Sorting key column'));
}

export const postgresDestinationSchema = z.object(destinationShape).check(z.superRefine(checkTableDefinition));

export const tableDestinationSchema = z
  .object({
    ...destinationShape,
    table: requiredText('Table'),
    managedTable: z.boolean({ error: 'Choose whether the pipe manages the table' }),
    columns: destinationColumnsSchema,
  })
  .check(z.superRefine(checkTableDefinition));

export type TableDestination = z.infer<typeof tableDestinationSchema>;
export type PostgresDestination = z.infer<typeof postgresDestinationSchema>;
export type PipeDestination = TableDestination | PostgresDestination;
