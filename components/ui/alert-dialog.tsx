'use client';

import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useId, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { FormError } from './form-error';
import { useReturnFocus } from './use-return-focus';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  confirmVariant?: ButtonVariant;
  onConfirm: () => void;
  pending?: boolean;
  /** Shown inside the dialog when the action failed; the dialog stays open. */
  error?: string | null;
  /** More to fill in before confirming (TypedConfirmDialog's field), above the buttons. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/**
 * A confirmation that closes only on Cancel or after the action succeeded, so that a failure is
 * shown next to the button that caused it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  confirmVariant = 'primary',
  onConfirm,
  pending = false,
  error,
  children,
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const titleId = useId();
  const returnFocus = useReturnFocus();
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={styles.overlay} />
        <AlertDialogPrimitive.Content
          className={styles.content}
          aria-labelledby={titleId}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <div className={styles.header}>
            <div>
              <AlertDialogPrimitive.Title id={titleId} className={styles.title}>
                {title}
              </AlertDialogPrimitive.Title>
              <AlertDialogPrimitive.Description className={styles.description}>
                {description}
              </AlertDialogPrimitive.Description>
            </div>
          </div>
          <div className={styles.body}>
            <FormError message={error} />
            {children}
            <div className={styles.footer}>
              <AlertDialogPrimitive.Cancel asChild>
                <Button disabled={pending}>Cancel</Button>
              </AlertDialogPrimitive.Cancel>
              <Button variant={confirmVariant} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </div>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}
