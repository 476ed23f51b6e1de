'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import { SOURCE_KIND_LABELS } from './source-kinds';
import styles from './sources.module.css';

/** What the list reads of a source; the record carries more, which differs by kind. */
export interface SourceRow {
  id: string;
  name: string;
  kind?: string;
  from?: { databaseName?: string; tableName?: string };
  serviceNameExpression?: string;
}

const kindLabel = (source: SourceRow) => SOURCE_KIND_LABELS[source.kind ?? ''] ?? source.kind ?? '—';
const tableName = (source: SourceRow) =>
  [source.from?.databaseName, source.from?.tableName].filter(Boolean).join('.') || '—';

const COLUMNS: ColumnDef<SourceRow, unknown>[] = [
  {
    id: 'name',
    header: 'Name',
    accessorFn: (source) => source.name,
    meta: { phone: true, rowHeader: true },
    cell: ({ row: { original: source } }) => (
      <>
        <span className={tableClassNames.name}>{source.name}</span>
        <span className={styles.mono}>{source.id}</span>
      </>
    ),
  },
  {
    id: 'kind',
    header: 'Kind',
    accessorFn: kindLabel,
    meta: { phone: true },
    cell: ({ row: { original: source } }) => <Badge tone="accent">{kindLabel(source)}</Badge>,
  },
  {
    id: 'table',
    header: 'Table',
    accessorFn: tableName,
    cell: ({ row: { original: source } }) => <span className={styles.mono}>{tableName(source)}</span>,
  },
  {
    id: 'service',
    header: 'Service field',
    accessorFn: (source) => source.serviceNameExpression,
    sortUndefined: 'last',
    cell: ({ row: { original: source } }) => <span className={styles.mono}>{source.serviceNameExpression ?? '—'}</span>,
  },
];

export function SourcesTable({ sources }: { sources: readonly SourceRow[] }) {
  return <DataTable label="Sources" data={sources} columns={COLUMNS} getRowId={(source) => source.id} />;
}
