'use client';

import { useSyncExternalStore } from 'react';
import { currentToasts, subscribeToasts } from '@/lib/notifications/toasts';
import { loadedLater } from './loaded-later';

const NONE: never[] = [];
// Every page carries the toaster; the toasts' code loads with the first success message, not before.
const ToastList = loadedLater(() => import('./toast-list').then((m) => m.ToastList));

/** Success messages in the corner. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, () => NONE);
  if (toasts.length === 0) return null;
  return <ToastList toasts={toasts} />;
}
