'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { Table } from '@tanstack/react-table';
import { useRef } from 'react';
import { buttonClassName } from '../button';
import { cx } from '../cx';
import menu from '../menu.module.css';
import { useTakeOver, type Handover } from '../stand-in';
import styles from './data-table.module.css';

export interface ColumnMenuDropdownProps<T> {
  table: Table<T>;
  label: string;
  handover: Handover;
}

/** A "Columns" menu (Radix) with a checkbox per column that may be hidden. Loaded by ./column-menu. */
export function ColumnMenuDropdown<T>({ table, label, handover }: ColumnMenuDropdownProps<T>) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeOver(triggerRef, handover);
  const choices = table.getAllLeafColumns().filter((column) => !column.columnDef.meta?.alwaysShown);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={handover.open}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={buttonClassName('secondary', 'sm')}
        aria-label={`Columns of ${label}`}
      >
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
