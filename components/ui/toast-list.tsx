'use client';

import * as ToastPrimitive from '@radix-ui/react-toast';
import { dismissToast, type Toast } from '@/lib/notifications/toasts';
import styles from './toaster.module.css';

/** The toasts themselves (Radix Toast): announced politely, dismissed after 5 s, by swipe or by ×. */
export function ToastList({ toasts }: { toasts: readonly Toast[] }) {
  return (
    <ToastPrimitive.Provider duration={5_000} label="Notifications">
      {toasts.map((toast) => (
        <ToastPrimitive.Root
          key={toast.id}
          className={styles.toast}
          type="foreground"
          onOpenChange={(open) => !open && dismissToast(toast.id)}
        >
          <span className={styles.icon} aria-hidden="true">
            ✓
          </span>
          <ToastPrimitive.Description className={styles.message}>{toast.message}</ToastPrimitive.Description>
          <ToastPrimitive.Close className={styles.close} aria-label="Dismiss">
            ×
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className={styles.viewport} />
    </ToastPrimitive.Provider>
  );
}
