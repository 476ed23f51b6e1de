'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Notice } from '@/components/ui/notice';
import { BudgetWaits, summarizeWaits, type BudgetWait } from '@/lib/api/budget-waits';

const NONE: readonly BudgetWait[] = [];

/**
 * Says why a page is still loading when the upstream budget, shared by everyone using the console,
 * is used up: the reads it waits for and when they are asked again, counted down.
 */
export function BudgetWaitNotice() {
  const client = useQueryClient();
  const [waits] = useState(() => new BudgetWaits());
  useEffect(() => client.getQueryCache().subscribe((event) => waits.observe(event, Date.now())), [client, waits]);
  const current = useSyncExternalStore(waits.subscribe, waits.snapshot, () => NONE);
  const now = useSecondTicks(current.length > 0);
  if (current.length === 0) return null;
  return (
    <Notice tone="info" role="status" title="Waiting for the upstream budget">
      {summarizeWaits(current, now).map((line) => (
        <p key={line.reason}>
          {line.reason}; retrying in {line.seconds} s ({line.reads} {line.reads === 1 ? 'read' : 'reads'} on this page).
        </p>
      ))}
    </Notice>
  );
}

function useSecondTicks(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now;
}
