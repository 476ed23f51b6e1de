'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { ErrorState } from '@/components/ui/error-state';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { VisuallyHidden } from '@/components/ui/visually-hidden';
import { useEndpointConfigQuery } from '@/lib/api/endpoints/use-endpoint-config-query';
import styles from './endpoints.module.css';

export interface EndpointSetupPanelProps {
  organizationId: string;
  serviceId: string;
  /** The service's region, when known, for the guidance text. */
  region?: string;
}

export function EndpointSetupPanel({ organizationId, serviceId, region }: EndpointSetupPanelProps) {
  const config = useEndpointConfigQuery(organizationId, serviceId);

  return (
    <Panel
      title="Set up a private endpoint"
      description="Reach this service from your own cloud network without crossing the public internet."
    >
      {config.isPending ? (
        <div role="status">
          <VisuallyHidden>Loading endpoint service details…</VisuallyHidden>
          <div className={styles.config} aria-hidden="true">
            <Skeleton width={140} />
            <Skeleton width="60%" height={24} />
            <Skeleton width={140} />
            <Skeleton width="50%" height={24} />
          </div>
        </div>
      ) : config.isError ? (
        <ErrorState
          headingLevel={3}
          title="Could not load the endpoint service details"
          error={config.error}
          onRetry={() => config.refetch()}
          retrying={config.isFetching}
        />
      ) : (
        <dl className={styles.config}>
          <dt className={styles.configTerm}>Endpoint service ID</dt>
          <dd className={styles.configValue}>
            <code className={styles.configCode}>{config.data.endpointServiceId}</code>
            <CopyButton value={config.data.endpointServiceId} label="Copy endpoint service ID" />
          </dd>
          <dt className={styles.configTerm}>Private DNS hostname</dt>
          <dd className={styles.configValue}>
            <code className={styles.configCode}>{config.data.privateDnsHostname}</code>
            <CopyButton value={config.data.privateDnsHostname} label="Copy private DNS hostname" />
          </dd>
        </dl>
      )}
      <ol className={styles.steps}>
        <li>
          In your cloud account, create an interface endpoint{region ? ` in ${region}` : ''} that connects to the
          endpoint service ID above.
        </li>
        <li>Register the endpoint’s ID here with “Register endpoint” and attach it to this service.</li>
        <li>Connect through the private DNS hostname; it resolves to your endpoint from inside your network.</li>
      </ol>
    </Panel>
  );
}
