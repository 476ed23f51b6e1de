'use client';

import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentToasts, subscribeToasts } from '@/lib/notifications/toasts';

const NONE: never[] = [];
// Every page carries the toaster; the toasts' code loads with the first success message, not before.
const ToastList = lazy(() => import('./toast-list').then((m) => ({ default: m.ToastList })));

/** Success messages in the corner. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => NONE);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastList toasts={toasts} />
    </Suspense>
  );
}
