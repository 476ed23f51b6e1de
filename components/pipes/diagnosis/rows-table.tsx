'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { Table, tableClassNames } from '@/components/ui/table';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import type { TableColumn, TableRow } from '@/lib/pipes/diagnosis/types';
import { shownText, valueText } from './value-text';
import styles from './diagnosis.module.css';

/**
 * Rows as the service's table holds them, with the columns it described (never a guessed schema).
 * Wide values are cut here; "Open" shows a row whole.
 */
export function RowsTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
}) {
  const [opened, setOpened] = useState<number | null>(null);
  const open = opened === null ? undefined : rows[opened];
  return (
    <>
      <Table label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.name} scope="col" title={column.type}>
                {column.name}
              </th>
            ))}
            <th scope="col">
              <VisuallyHidden>Row</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index}>
              {columns.map((column) => {
                const shown = shownText(row[column.name]);
                return (
                  <td key={column.name} className={styles.cell} title={shown.cut ? undefined : shown.text}>
                    {shown.text}
                  </td>
                );
              })}
              <td className={tableClassNames.actions}>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => setOpened(index)}
                  aria-label={`Open row ${index + 1} whole`}
                >
                  Open
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <Dialog
        open={open !== undefined}
        onOpenChange={(next) => !next && setOpened(null)}
        title={`${label}: row ${(opened ?? 0) + 1}`}
        wide
      >
        {open && (
          <>
            {columns.map((column) => (
              <dl key={column.name} className={styles.wholeField}>
                <dt>
                  {column.name} <span>({column.type})</span>
                </dt>
                <dd>
                  <pre className={styles.whole}>{valueText(open[column.name])}</pre>
                </dd>
              </dl>
            ))}
            <CopyButton value={JSON.stringify(open, null, 2)} label="Copy the row as JSON" text="Copy as JSON" />
          </>
        )}
      </Dialog>
    </>
  );
}
