'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { DateTime } from '@/components/format/timestamp';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { VersionEntry } from '@/lib/history/kinds';
import { authorLabel } from './source-label';
import styles from './history.module.css';

export interface VersionsTableProps {
  versions: readonly VersionEntry[];
  /** The newest version's number: it is the object as it is now, so it cannot be restored. */
  latest: number | undefined;
  /** The versions picked for Compare (at most two). */
  selected: readonly number[];
  onSelect: (version: number, checked: boolean) => void;
  /** Absent where versions have no preview (pipes). */
  onPreview?: (version: number) => void;
  /** Absent for roles that may not restore. */
  onRestore?: (entry: VersionEntry) => void;
}

function versionColumns({
  latest,
  selected,
  onSelect,
  onPreview,
  onRestore,
}: Omit<VersionsTableProps, 'versions'>): ColumnDef<VersionEntry, unknown>[] {
  return [
    {
      id: 'compare',
      header: 'Compare',
      enableSorting: false,
      meta: { phone: true, alwaysShown: true },
      cell: ({ row: { original: entry } }) => (
        <input
          type="checkbox"
          aria-label={`Select version ${entry.version}`}
          checked={selected.includes(entry.version)}
          onChange={(event) => onSelect(entry.version, event.target.checked)}
        />
      ),
    },
    {
      id: 'version',
      header: 'Version',
      accessorFn: (entry) => entry.version,
      meta: { phone: true, className: tableClassNames.nowrap },
      cell: ({ row: { original: entry } }) => (
        <>
          {entry.version} {entry.version === latest && <Badge tone="accent">Current</Badge>}
        </>
      ),
    },
    {
      id: 'when',
      header: 'When',
      accessorFn: (entry) => Date.parse(entry.at),
      meta: { phone: true, className: tableClassNames.nowrap },
      cell: ({ row: { original: entry } }) => <DateTime value={entry.at} />,
    },
    {
      id: 'who',
      header: 'Who',
      accessorFn: (entry) => authorLabel(entry),
    },
    {
      id: 'summary',
      header: 'What changed',
      enableSorting: false,
      meta: { phone: true, className: styles.summary },
      cell: ({ row: { original: entry } }) => (
        <>
          {entry.summary}
          {entry.message && <span className={styles.message}>“{entry.message}”</span>}
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      meta: { phone: true, alwaysShown: true, headerHidden: true, className: tableClassNames.actions },
      cell: ({ row: { original: entry } }) => (
        <div className={tableClassNames.actionsInner}>
          {onPreview && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onPreview(entry.version)}
              aria-label={`Preview version ${entry.version}`}
            >
              Preview
            </Button>
          )}
          {onRestore && entry.version !== latest && (
            <Button size="sm" onClick={() => onRestore(entry)} aria-label={`Restore version ${entry.version}`}>
              Restore
            </Button>
          )}
        </div>
      ),
    },
  ];
}

/**
 * Names the versions table's URL parameters (`versions.sort`, `versions.page`): the page behind the
 * dialog may have a table of its own. The dialog removes them when it closes.
 */
export const VERSIONS_URL_PREFIX = 'versions';

/**
 * An object's versions, newest first until someone sorts, in the console's table. Its sort and
 * page are in the URL while the dialog is open, each change in place of the last (not a step back).
 */
export function VersionsTable({ versions, latest, selected, onSelect, onPreview, onRestore }: VersionsTableProps) {
  const columns = useMemo(
    () => versionColumns({ latest, selected, onSelect, onPreview, onRestore }),
    [latest, selected, onSelect, onPreview, onRestore],
  );
  return (
    <DataTable
      label="Versions"
      data={versions}
      columns={columns}
      getRowId={(entry) => String(entry.version)}
      urlPrefix={VERSIONS_URL_PREFIX}
      urlHistory="replace"
    />
  );
}
