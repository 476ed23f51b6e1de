'use client';

import { useEffect } from 'react';

// Text fields keep their own undo; dialogs are not the grid.
const OWN_UNDO = 'input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]';

/** Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo, anywhere on the page but in fields and dialogs. */
export function useUndoShortcuts(enabled: boolean, undo: () => void, redo: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest(OWN_UNDO)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, undo, redo]);
}
