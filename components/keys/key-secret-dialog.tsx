'use client';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import type { KeyCreateResult } from '@/lib/schemas/keys';
import styles from './keys.module.css';

export interface KeySecretDialogProps {
  /** Held only in component state and dropped on close: the secret is never cached or stored. */
  created: KeyCreateResult | null;
  onDone: () => void;
}

/** Shows the one-time key id and secret; it closes only through the explicit "I have saved it". */
export function KeySecretDialog({ created, onDone }: KeySecretDialogProps) {
  return (
    <Dialog
      open={created !== null}
      onOpenChange={() => undefined}
      title="API key created"
      description={created ? `“${created.key.name}” is ready to use.` : undefined}
      dismissible={false}
      wide
    >
      {created && <SecretContent created={created} onDone={onDone} />}
    </Dialog>
  );
}

function SecretContent({ created, onDone }: { created: KeyCreateResult; onDone: () => void }) {
  return (
    <>
      <Notice tone="warning" title="You will not see this secret again">
        Copy the key ID and secret now and keep them somewhere safe, such as a password manager. If you lose the secret,
        create a new key.
      </Notice>
      <div className={styles.secretFields}>
        <div className={styles.secretRow}>
          <TextField
            label="Key ID"
            value={created.keyId}
            readOnly
            mono
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className={styles.secretCopy}>
            <CopyButton value={created.keyId} label="Copy key ID" />
          </div>
        </div>
        <div className={styles.secretRow}>
          <TextField
            label="Key secret"
            value={created.keySecret}
            readOnly
            mono
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className={styles.secretCopy}>
            <CopyButton value={created.keySecret} label="Copy secret" />
          </div>
        </div>
      </div>
      <DialogFooter>
        <Button variant="primary" onClick={onDone}>
          I have saved it
        </Button>
      </DialogFooter>
    </>
  );
}
