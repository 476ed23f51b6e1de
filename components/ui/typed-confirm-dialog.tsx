'use client';

import { useState } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from './alert-dialog';
import { TextField } from './text-field';

export interface TypedConfirmDialogProps extends Omit<ConfirmDialogProps, 'children' | 'confirmDisabled'> {
  /** What must be typed (a name) before the action can be confirmed; none: a plain confirmation. */
  confirmationText?: string;
}

/**
 * A confirmation for actions that are hard to take back: the button waits until the name is typed.
 * Its own module, so that pages with plain confirmations do not load the text field.
 */
export function TypedConfirmDialog({ confirmationText, onOpenChange, ...rest }: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  if (confirmationText === undefined) return <ConfirmDialog {...rest} onOpenChange={onOpenChange} />;
  return (
    <ConfirmDialog
      {...rest}
      onOpenChange={(open) => {
        // Starts empty every time it opens.
        if (!open) setTyped('');
        onOpenChange(open);
      }}
      confirmDisabled={typed.trim() !== confirmationText.trim()}
    >
      <TextField
        label={`Type “${confirmationText}” to confirm`}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </ConfirmDialog>
  );
}
