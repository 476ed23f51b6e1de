'use client';

import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useId, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { FormError } from './form-error';
import { TextField } from './text-field';
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
  /** For actions that are hard to take back: the confirm button waits until this text is typed. */
  typedConfirmation?: string;
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
  typedConfirmation,
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
              <AlertDialogPrimitive.Description className={styles.description}>{description}</AlertDialogPrimitive.Description>
            </div>
          </div>
          <ConfirmBody
            confirmLabel={confirmLabel}
            confirmVariant={confirmVariant}
            onConfirm={onConfirm}
            pending={pending}
            error={error}
            typedConfirmation={typedConfirmation}
          />
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

type ConfirmBodyProps = Pick<ConfirmDialogProps, 'confirmLabel' | 'confirmVariant' | 'onConfirm' | 'pending' | 'error' | 'typedConfirmation'>;

/** Mounted only while the dialog is open, so the typed confirmation starts empty every time. */
function ConfirmBody({ confirmLabel, confirmVariant, onConfirm, pending, error, typedConfirmation }: ConfirmBodyProps) {
  const [typed, setTyped] = useState('');
  const confirmed = typedConfirmation === undefined || typed.trim() === typedConfirmation.trim();
  return (
    <div className={styles.body}>
      <FormError message={error} />
      {typedConfirmation !== undefined && (
        <TextField
          label={`Type “${typedConfirmation}” to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      )}
      <div className={styles.footer}>
        <AlertDialogPrimitive.Cancel asChild>
          <Button disabled={pending}>Cancel</Button>
        </AlertDialogPrimitive.Cancel>
        <Button variant={confirmVariant} loading={pending} disabled={!confirmed} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}
