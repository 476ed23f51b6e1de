'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Fragment, useRef } from 'react';
import { cx } from './cx';
import styles from './action-menu.module.css';
import menu from './menu.module.css';

export interface ActionMenuItem {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

export interface ActionMenuProps {
  /** Accessible name of the trigger, e.g. "Actions for CI deploy". */
  label: string;
  items: ActionMenuItem[];
}

/** A row's "⋯" menu; destructive items come last, after a separator. */
export function ActionMenu({ label, items }: ActionMenuProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger ref={triggerRef} className={styles.trigger} aria-label={label}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <circle cx="3.5" cy="8" r="1.3" fill="currentColor" />
          <circle cx="8" cy="8" r="1.3" fill="currentColor" />
          <circle cx="12.5" cy="8" r="1.3" fill="currentColor" />
        </svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.content} align="end" sideOffset={4} collisionPadding={8}>
          {items.map((item, index) => (
            <Fragment key={item.label}>
              {item.danger && index > 0 && !items[index - 1]?.danger && <DropdownMenu.Separator className={menu.separator} />}
              <DropdownMenu.Item
                className={cx(menu.item, item.danger && menu.danger)}
                onSelect={() => {
                  // Focus the trigger first, so a dialog opened by the item returns focus there.
                  triggerRef.current?.focus();
                  item.onSelect();
                }}
              >
                {item.label}
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
