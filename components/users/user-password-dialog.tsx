'use client';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import type { UserPasswordResult } from '@/lib/schemas/users';
import styles from './users.module.css';

export interface UserPasswordDialogProps {
  /** Held only in component state and dropped on close: the password is never cached or stored. */
  shown: { title: string; result: UserPasswordResult } | null;
  onDone: () => void;
}

/** The generated password, once; it closes only through "I have passed it on". */
export function UserPasswordDialog({ shown, onDone }: UserPasswordDialogProps) {
  return (
    <Dialog open={shown !== null} onOpenChange={() => undefined} title={shown?.title ?? ''} dismissible={false}>
      {shown && (
        <>
          <Notice tone="warning" title="You will not see this password again">
            Give it to {shown.result.user.name} over a safe channel; they can change it from their account menu after
            signing in.
          </Notice>
          <div className={styles.secretRow}>
            <TextField label="User name" value={shown.result.user.name} readOnly mono />
          </div>
          <div className={styles.secretRow}>
            <TextField
              label="Password"
              value={shown.result.password}
              readOnly
              mono
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={shown.result.password} label="Copy password" />
          </div>
          <DialogFooter>
            <Button variant="primary" onClick={onDone}>
              I have passed it on
            </Button>
          </DialogFooter>
        </>
      )}
    </Dialog>
  );
}
