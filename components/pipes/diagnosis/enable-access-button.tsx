'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { describeApiError } from '@/lib/api/error-message';
import { useEnableAccessMutation } from '@/lib/api/diagnosis/use-enable-access-mutation';
import type { DiagnosisAccess } from '@/lib/pipes/diagnosis/types';
import styles from './diagnosis.module.css';

const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));

/** Says exactly what changes on the service's query endpoint before the admin confirms it. */
export function EnableAccessButton({
  organizationId,
  serviceId,
  access,
}: {
  organizationId: string;
  serviceId: string;
  access: DiagnosisAccess;
}) {
  const [open, setOpen] = useState(false);
  const enable = useEnableAccessMutation(organizationId, serviceId);
  const { current, proposed, keyId } = access;
  const adminRole = proposed.roles.includes('sql_console_admin');
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)}>
        Read this service’s logs and tables
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) enable.reset();
        }}
        title="Let the console read this service’s logs and tables?"
        description={
          <>
            The console adds its own API key ({keyId}) to the service’s query endpoint. Everything already there is
            kept:
            <ul className={styles.changes}>
              <li>
                Keys: {list(current?.openApiKeys ?? [])} → {list(proposed.openApiKeys)}
              </li>
              <li>
                Roles: {list(current?.roles ?? [])} → {list(proposed.roles)}
              </li>
              <li>Allowed origins: {current?.allowedOrigins || 'none'} (unchanged)</li>
            </ul>
            {current ? '' : 'The service has no query endpoint yet; this creates one. '}
            The console only sends fixed read-only queries (the pipe’s log, its error table and its destination table).
            {adminRole ? ' The endpoint also grants sql_console_admin to every key on it, the console’s included.' : ''}
          </>
        }
        confirmLabel="Allow read-only access"
        onConfirm={() => enable.mutate(undefined, { onSuccess: () => setOpen(false) })}
        pending={enable.isPending}
        error={enable.error ? describeApiError(enable.error) : null}
      />
    </>
  );
}
