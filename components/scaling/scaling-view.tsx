'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';

import { pipeFiltersQuery } from '@/components/pipes/pipe-state';
import { ROLE_LABELS, useCan, useConsole, useServiceRole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { useCdcScalingQuery } from '@/lib/api/scaling/use-cdc-scaling-query';
import { SCALING_HEADING } from '@/components/shell/page-headings';
import { ScalingSummary, ScalingSummaryLoading } from './scaling-summary';
import styles from './scaling.module.css';

// The edit form (react-hook-form, the zod schema) loads after the page, not in its first-load JavaScript.
const ScalingForm = dynamic(() => import('./scaling-form').then((m) => m.ScalingForm), { ssr: false });

/** The Pipes list filtered to the Postgres pipes this allocation serves. */
const DATABASE_PIPES_QUERY = pipeFiltersQuery({ kind: 'postgres' });

export const SCALING_UNAVAILABLE_MESSAGE =
  'Scaling of database pipes becomes available once a Postgres pipe exists on this service.';

export function ScalingView() {
  const { organizationId, serviceId } = useConsole();
  const serviceRole = useServiceRole();
  const canManage = useCan('manageScaling');
  const scaling = useCdcScalingQuery(organizationId, serviceId);

  return (
    <>
      <PageHeader
        title={SCALING_HEADING.title}
        description={SCALING_HEADING.description}
        actions={
          <Link
            href={`${servicePage(serviceId, 'pipes')}${DATABASE_PIPES_QUERY}`}
            className={buttonClassName('secondary')}
          >
            View database pipes
          </Link>
        }
      />
      <div className={styles.stack}>
        {scaling.isPending ? (
          <ScalingSummaryLoading />
        ) : scaling.isError ? (
          <ErrorState
            title="Could not load database pipe scaling"
            error={scaling.error}
            onRetry={() => scaling.refetch()}
            retrying={scaling.isFetching}
          />
        ) : scaling.data === null ? (
          <EmptyState title="No database pipes yet">
            {SCALING_UNAVAILABLE_MESSAGE} Database pipes copy data from a Postgres database, first as an initial load
            and then as change data capture; they all share the allocation set here.
          </EmptyState>
        ) : (
          <>
            <ScalingSummary scaling={scaling.data} />
            {canManage ? (
              <ScalingForm organizationId={organizationId} serviceId={serviceId} current={scaling.data} />
            ) : (
              <Notice tone="neutral">
                Your role, {ROLE_LABELS[serviceRole]}, can view the allocation but not change it. Only admins can change
                database pipe scaling.
              </Notice>
            )}
          </>
        )}
      </div>
    </>
  );
}
