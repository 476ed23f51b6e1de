'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { describeApiError } from '@/lib/api/error-message';
import type { ServiceSummary } from '@/lib/api/services/use-services-query';
import { useUserUpdateMutation } from '@/lib/api/users/use-user-mutations';
import { ROLES } from '@/lib/auth/roles';
import { ROLE_LABELS } from '@/lib/console/console-context';
import type { UserRecord, UserRole } from '@/lib/schemas/users';
import styles from './users.module.css';

const SAME = '';

export interface UserServicesDialogProps {
  user: UserRecord | null;
  services: readonly ServiceSummary[];
  /** The services list failed or is loading: roles can still be cleared, not set. */
  servicesError?: string | null;
  onOpenChange: (open: boolean) => void;
}

/** A user's role on each service of the organization, where it differs from their organization-wide role. */
export function UserServicesDialog({ user, services, servicesError, onOpenChange }: UserServicesDialogProps) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={onOpenChange}
      title={user ? `Per-service roles of “${user.name}”` : ''}
      description="A role set here applies on that service only: pipes, scaling, private endpoints and managed observability there. Everything else uses the organization-wide role."
      wide
    >
      {user && (
        <ServicesForm
          user={user}
          services={services}
          servicesError={servicesError}
          onDone={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function ServicesForm({
  user,
  services,
  servicesError,
  onDone,
}: {
  user: UserRecord;
  services: readonly ServiceSummary[];
  servicesError?: string | null;
  onDone: () => void;
}) {
  const update = useUserUpdateMutation();
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({ ...user.services }));
  // A role kept for a service the organization no longer lists can still be cleared.
  const rows: ServiceSummary[] = [
    ...services,
    ...Object.keys(user.services)
      .filter((id) => !services.some((service) => service.id === id))
      .map((id) => ({ id, name: id })),
  ];
  const options = [
    { value: SAME, label: `Same as organization (${ROLE_LABELS[user.role]})` },
    ...ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] })),
  ];

  const save = () => {
    const changes: Record<string, UserRole | null> = {};
    for (const row of rows) {
      const before = user.services[row.id] ?? SAME;
      const after = chosen[row.id] ?? SAME;
      if (before !== after) changes[row.id] = after === SAME ? null : (after as UserRole);
    }
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate({ name: user.id, patch: { services: changes } }, { onSuccess: onDone });
  };

  return (
    <div className={styles.form}>
      {servicesError && <Notice tone="warning">Could not load the organization’s services: {servicesError}</Notice>}
      {rows.length === 0 && !servicesError && <Notice tone="neutral">This organization has no services yet.</Notice>}
      <div className={styles.serviceRows}>
        {rows.map((service) => (
          <SelectField
            key={service.id}
            label={
              <span className={styles.serviceName}>
                <span>{service.name}</span>
                {service.provider && service.region && (
                  <span className={styles.muted}>
                    {service.provider} {service.region}
                  </span>
                )}
              </span>
            }
            options={options}
            value={chosen[service.id] ?? SAME}
            onChange={(event) => setChosen((current) => ({ ...current, [service.id]: event.target.value }))}
          />
        ))}
      </div>
      <FormError message={update.isError ? describeApiError(update.error) : null} />
      <DialogFooter>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="primary" onClick={save} disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save roles'}
        </Button>
      </DialogFooter>
    </div>
  );
}
