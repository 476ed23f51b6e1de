'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Table } from '@tanstack/react-table';
import { buttonClassName } from '../button';
import { cx } from '../cx';
import menu from '../menu.module.css';
import styles from './data-table.module.css';

/** A "Columns" menu (Radix) with a checkbox per column that may be hidden. */
export function ColumnMenu<T>({ table, label }: { table: Table<T>; label: string }) {
  const choices = table.getAllLeafColumns().filter((column) => !column.columnDef.meta?.alwaysShown);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={buttonClassName('secondary', 'sm')} aria-label={`Columns of ${label}`}>
        Columns
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.content} align="end" sideOffset={4} collisionPadding={8}>
          {choices.map((column) => (
            <DropdownMenu.CheckboxItem
              key={column.id}
              className={cx(menu.item, styles.checkItem)}
              checked={column.getIsVisible()}
              onCheckedChange={(checked) => column.toggleVisibility(checked)}
              // Keeps the menu open, so several columns can be chosen in one go.
              onSelect={(event) => event.preventDefault()}
            >
              <span className={styles.check} aria-hidden="true">
                <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
              </span>
              {column.columnDef.meta?.label ??
                (typeof column.columnDef.header === 'string' ? column.columnDef.header : column.id)}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
