'use client';

import { useRef } from 'react';

/**
 * Our dialogs are opened from state, not from a Radix Trigger, so Radix has no trigger to return
 * focus to on close and would leave it on <body>. This returns it to whatever was focused when the
 * dialog opened, or, when that control is gone (a deleted row, an Attach button that became
 * Detach, a menu item), to the main region, so keyboard users keep their place. `focusOnClose`
 * may name another place: what the dialog made (a new tile), which focus then brings into view.
 */
export function useReturnFocus(focusOnClose?: () => HTMLElement | null | undefined) {
  const previous = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      previous.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = previous.current;
      previous.current = null;
      event.preventDefault();
      const made = focusOnClose?.();
      if (made?.isConnected) {
        made.focus();
        return;
      }
      if (element instanceof HTMLElement && element.isConnected && element !== document.body) {
        element.focus();
        return;
      }
      document.getElementById('main')?.focus();
    },
  };
}
