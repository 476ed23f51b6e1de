'use client';

import type { ActionMenuProps } from './action-menu-types';
import { loadedLater } from './loaded-later';
import { MoreIcon } from './more-icon';
import { useStandIn } from './stand-in';
import styles from './action-menu.module.css';

export type { ActionMenuItem, ActionMenuProps } from './action-menu-types';

// Radix's menu, with its positioning and focus code (~20 KB gzip), is not part of a list page's
// first load: its code arrives a moment after the page, and a row builds its menu when wanted.
const ActionMenuDropdown = loadedLater(() => import('./action-menu-dropdown').then((m) => m.ActionMenuDropdown));

/** A row's "⋯" menu; destructive items come last, after a separator. */
export function ActionMenu(props: ActionMenuProps) {
  const { standInProps, handover, wanted } = useStandIn(ActionMenuDropdown.preload);
  const standIn = (
    <button type="button" className={styles.trigger} aria-label={props.label} {...standInProps}>
      <MoreIcon />
    </button>
  );
  return wanted ? <ActionMenuDropdown {...props} handover={handover} fallback={standIn} /> : standIn;
}
