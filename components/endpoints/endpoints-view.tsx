'use client';

import dynamic from 'next/dynamic';
import { useId, useState } from 'react';
import { ROLE_LABELS, useCan, useConsole, useServiceRole } from '@/lib/console/console-context';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { preloadOnIntent } from '@/components/ui/preload-on-intent';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { ENDPOINTS_HEADING } from '@/components/shell/page-headings';
import { TableSkeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import { useOrganizationQuery } from '@/lib/api/endpoints/use-organization-query';
import { useServiceEndpointsMutation } from '@/lib/api/endpoints/use-service-endpoints-mutation';
import { useServiceQuery } from '@/lib/api/endpoints/use-service-query';
import type { RegisterOutcome } from './endpoint-register-dialog';
import { endpointRows, type EndpointRow } from './endpoint-rows';
import { EndpointSetupPanel } from './endpoint-setup-panel';
import { EndpointsTable } from './endpoints-table';
import styles from './endpoints.module.css';

// The register form (react-hook-form, the zod schemas) loads when first opened, not with the page:
// mounted closed, next/dynamic would fetch and run its code at once, while the page starts.
const loadRegisterDialog = () => import('./endpoint-register-dialog');
const EndpointRegisterDialog = dynamic(() => loadRegisterDialog().then((m) => m.EndpointRegisterDialog), {
  ssr: false,
});

// The detach confirmation (Radix's alert dialog) too.
const ConfirmDialog = dynamic(() => import('@/components/ui/alert-dialog').then((m) => m.ConfirmDialog), {
  ssr: false,
});

const ADMIN_ONLY = 'Only admins can register, attach and detach private endpoints.';

type PageMessage = { tone: 'success' | 'danger'; text: string };

function outcomeMessage(outcome: RegisterOutcome): PageMessage {
  switch (outcome.kind) {
    case 'registered':
      return {
        tone: 'success',
        text: `Endpoint ${outcome.id} registered. Attach it to the service from the list when you are ready.`,
      };
    case 'attached':
      return { tone: 'success', text: `Endpoint ${outcome.id} registered and attached to this service.` };
    case 'attach-failed':
      return {
        tone: 'danger',
        text: `Endpoint ${outcome.id} was registered, but attaching it failed: ${describeApiError(outcome.error)} You can attach it from the list.`,
      };
  }
}

export interface EndpointsViewProps {
  /**
   * The service's region as the server knew it when it sent the page (from its services list): the
   * setup steps name it in the first paint instead of changing once the service's record is read.
   */
  serviceRegion?: string;
}

export function EndpointsView({ serviceRegion }: EndpointsViewProps) {
  const { organizationId, serviceId } = useConsole();
  const serviceRole = useServiceRole();
  const canManage = useCan('manageEndpoints');
  const organization = useOrganizationQuery(organizationId);
  const service = useServiceQuery(organizationId, serviceId);
  const serviceEndpoints = useServiceEndpointsMutation(organizationId, serviceId);
  const region = service.data?.region ?? serviceRegion;
  const [registering, setRegistering] = useState(false);
  const [detaching, setDetaching] = useState<EndpointRow | null>(null);
  const [message, setMessage] = useState<PageMessage | null>(null);
  const headingId = useId();
  const registerMounted = useOnceTrue(registering);
  const detachMounted = useOnceTrue(detaching !== null);

  const loaded = organization.isSuccess && service.isSuccess;
  const rows = loaded ? endpointRows(organization.data, service.data) : [];
  const failed = organization.isError ? organization : service.isError ? service : null;
  const attachingId =
    serviceEndpoints.isPending && serviceEndpoints.variables?.add ? serviceEndpoints.variables.add[0] : undefined;

  const registerButton = (
    <GuardedButton
      allowed={canManage}
      reason={ADMIN_ONLY}
      variant="primary"
      onClick={() => setRegistering(true)}
      {...(canManage ? preloadOnIntent(loadRegisterDialog) : {})}
    >
      Register endpoint
    </GuardedButton>
  );

  function attach(row: EndpointRow) {
    setMessage(null);
    serviceEndpoints.mutate(
      { add: [row.id] },
      {
        onSuccess: () => setMessage({ tone: 'success', text: `Endpoint ${row.id} attached to this service.` }),
        onError: (error) =>
          setMessage({ tone: 'danger', text: `Could not attach ${row.id}: ${describeApiError(error)}` }),
      },
    );
  }

  function closeDetach(open: boolean) {
    if (open) return;
    setDetaching(null);
    serviceEndpoints.reset();
  }

  return (
    <>
      <PageHeader title={ENDPOINTS_HEADING.title} description={ENDPOINTS_HEADING.description} />
      <div className={styles.stack}>
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[serviceRole]}, can view private endpoints but not change them. {ADMIN_ONLY}
          </Notice>
        )}
        {message && (
          <Notice
            tone={message.tone}
            role={message.tone === 'danger' ? 'alert' : 'status'}
            action={
              <Button size="sm" variant="ghost" onClick={() => setMessage(null)}>
                Dismiss
              </Button>
            }
          >
            {message.text}
          </Notice>
        )}

        <section className={styles.section} aria-labelledby={headingId}>
          <div className={styles.sectionHeader}>
            <div>
              <h2 id={headingId} className={styles.sectionTitle}>
                Endpoints of the organization
              </h2>
              <p className={styles.sectionDescription}>
                Attach an endpoint to let it reach this service. Only endpoints in the service’s region can be attached.
              </p>
            </div>
            {loaded && rows.length > 0 && registerButton}
          </div>
          {failed ? (
            <ErrorState
              headingLevel={3}
              title="Could not load private endpoints"
              error={failed.error}
              onRetry={() => {
                void organization.refetch();
                void service.refetch();
              }}
              retrying={organization.isFetching || service.isFetching}
            />
          ) : !loaded ? (
            <TableSkeleton label="private endpoints" rows={3} />
          ) : rows.length === 0 ? (
            <EmptyState headingLevel={3} title="No private endpoints yet" action={registerButton}>
              Create an endpoint in your cloud account using the details below, then register it here.
            </EmptyState>
          ) : (
            <EndpointsTable
              rows={rows}
              attachingId={attachingId}
              onAttach={canManage ? attach : undefined}
              onDetach={
                canManage
                  ? (row) => {
                      serviceEndpoints.reset();
                      setDetaching(row);
                    }
                  : undefined
              }
            />
          )}
        </section>

        <EndpointSetupPanel organizationId={organizationId} serviceId={serviceId} region={region} />
      </div>

      {canManage && (
        <>
          {registerMounted && (
            <EndpointRegisterDialog
              open={registering}
              onOpenChange={setRegistering}
              organizationId={organizationId}
              serviceId={serviceId}
              serviceRegion={region}
              onDone={(outcome) => {
                setRegistering(false);
                setMessage(outcomeMessage(outcome));
              }}
            />
          )}
          {detachMounted && (
            <ConfirmDialog
              open={detaching !== null}
              onOpenChange={closeDetach}
              title={`Detach endpoint “${detaching?.id ?? ''}”?`}
              description="Connections through this endpoint to the service stop working. The endpoint stays registered in the organization, so you can attach it again later."
              confirmLabel="Detach endpoint"
              confirmVariant="danger"
              pending={serviceEndpoints.isPending}
              error={detaching && serviceEndpoints.isError ? describeApiError(serviceEndpoints.error) : null}
              onConfirm={() => {
                if (!detaching) return;
                const id = detaching.id;
                serviceEndpoints.mutate(
                  { remove: [id] },
                  {
                    onSuccess: () => {
                      closeDetach(false);
                      setMessage({ tone: 'success', text: `Endpoint ${id} detached from this service.` });
                    },
                  },
                );
              }}
            />
          )}
        </>
      )}
    </>
  );
}
