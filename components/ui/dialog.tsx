'use client';

import * as DialogPrimitive from '@radix-ui/react-dialog';
import { createContext, useContext, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { useReturnFocus } from './use-return-focus';
import styles from './dialog.module.css';

const DialogTitleIdContext = createContext<string | undefined>(undefined);

/** The id of the enclosing dialog's title, so a form inside can take it as its accessible name. */
export function useDialogTitleId(): string | undefined {
  return useContext(DialogTitleIdContext);
}

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /**
   * False for dialogs that must be closed by an explicit button: Escape, clicks outside and the
   * close icon are disabled.
   */
  dismissible?: boolean;
  wide?: boolean;
  /** Where focus goes on close instead of back to where it was (see useReturnFocus). */
  focusOnClose?: () => HTMLElement | null | undefined;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  dismissible = true,
  wide,
  focusOnClose,
}: DialogProps) {
  const titleId = useId();
  const returnFocus = useReturnFocus(focusOnClose);
  const block = dismissible ? undefined : (event: Event) => event.preventDefault();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.overlay} />
        <DialogPrimitive.Content
          className={cx(styles.content, wide && styles.wide)}
          aria-labelledby={titleId}
          aria-describedby={undefined}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        >
          <DialogTitleIdContext.Provider value={titleId}>
            <div className={styles.header}>
              <div>
                <DialogPrimitive.Title id={titleId} className={styles.title}>
                  {title}
                </DialogPrimitive.Title>
                {description && (
                  <DialogPrimitive.Description className={styles.description}>
                    {description}
                  </DialogPrimitive.Description>
                )}
              </div>
            </div>
            <div className={styles.body}>{children}</div>
            {/* Last in the DOM so that opening the dialog focuses its first field, not this icon. */}
            {dismissible && (
              <DialogPrimitive.Close className={styles.close} aria-label="Close">
                <CloseIcon />
              </DialogPrimitive.Close>
            )}
          </DialogTitleIdContext.Provider>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export function DialogFooter({ className, ...rest }: ComponentPropsWithoutRef<'div'>) {
  return <div className={cx(styles.footer, className)} {...rest} />;
}

export const DialogClose = DialogPrimitive.Close;

/** A form dialog's footer: Cancel closes it, the submit button does the work; both wait while it is pending. */
export function FormDialogFooter({ submitLabel, pending = false }: { submitLabel: string; pending?: boolean }) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button disabled={pending}>Cancel</Button>
      </DialogClose>
      <Button type="submit" variant="primary" loading={pending}>
        {submitLabel}
      </Button>
    </DialogFooter>
  );
}

function CloseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
