'use client';

import type { Table } from '@tanstack/react-table';
import { buttonClassName } from '../button';
import { loadedLater } from '../loaded-later';
import { useStandIn } from '../stand-in';
import type { ColumnMenuDropdownProps } from './column-menu-dropdown';

// Radix's menu with its positioning and focus code (~30 KB gzip) is not part of a list page's first
// load: a stand-in button shows until the menu is wanted, as a row's action menu does.
const ColumnMenuDropdown = loadedLater<ColumnMenuDropdownProps<unknown>>(() =>
  import('./column-menu-dropdown').then((m) => m.ColumnMenuDropdown),
);

/** A table's "Columns" menu, with a checkbox per column that may be hidden. */
export function ColumnMenu<T>({ table, label }: { table: Table<T>; label: string }) {
  const { standInProps, handover, wanted } = useStandIn(ColumnMenuDropdown.preload);
  const standIn = (
    <button
      type="button"
      className={buttonClassName('secondary', 'sm')}
      aria-label={`Columns of ${label}`}
      {...standInProps}
    >
      Columns
    </button>
  );
  return wanted ? (
    <ColumnMenuDropdown table={table as Table<unknown>} label={label} handover={handover} fallback={standIn} />
  ) : (
    standIn
  );
}
