'use client';

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Fragment, useRef } from 'react';
import type { ActionMenuProps } from './action-menu-types';
import { cx } from './cx';
import { MoreIcon } from './more-icon';
import { useTakeOver, type Handover } from './stand-in';
import styles from './action-menu.module.css';
import menu from './menu.module.css';

export interface ActionMenuDropdownProps extends ActionMenuProps {
  handover: Handover;
}

/** A row's "⋯" menu (Radix); destructive items come last, after a separator. Loaded by ./action-menu. */
export function ActionMenuDropdown({ label, items, handover }: ActionMenuDropdownProps) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  useTakeOver(triggerRef, handover);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={handover.open}>
      <DropdownMenu.Trigger ref={triggerRef} className={styles.trigger} aria-label={label}>
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={menu.content} align="end" sideOffset={4} collisionPadding={8}>
          {items.map((item, index) => (
            <Fragment key={item.label}>
              {item.danger && index > 0 && !items[index - 1]?.danger && (
                <DropdownMenu.Separator className={menu.separator} />
              )}
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
