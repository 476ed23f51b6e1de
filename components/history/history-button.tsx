'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useOnceTrue } from '@/components/ui/use-once-true';
import type { HistoryKind } from '@/lib/history/kinds';

// The panel's code loads when it is first opened.
const HistoryDialog = dynamic(() => import('./history-dialog').then((m) => m.HistoryDialog), { ssr: false });

export interface HistoryButtonProps {
  kind: HistoryKind;
  id: string;
  name: string;
  /** Called after a restore, so the page can show the restored object. */
  onRestored?: () => void;
  /** Renders the dashboard preview (only dashboards have one). */
  preview?: (object: Record<string, unknown>) => React.ReactNode;
}

/** "History" beside an object's actions: its versions, Compare, Preview and Restore. */
export function HistoryButton(props: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const mounted = useOnceTrue(open);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        History
      </Button>
      {mounted && <HistoryDialog {...props} open={open} onOpenChange={setOpen} />}
    </>
  );
}
