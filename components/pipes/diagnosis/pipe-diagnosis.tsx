'use client';

/**
 * What the pipe's service says about it, read from the service's own tables through its query
 * endpoint: why it failed (system.clickpipes_log), the records it could not write (its error
 * table), and the rows it landed (the destination table). Loaded after the page, with the panels.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/console/console-context';
import { useDiagnosisAccessQuery } from '@/lib/api/diagnosis/use-diagnosis-access-query';
import { usePipeSectionQuery } from '@/lib/api/diagnosis/use-pipe-section-query';
import { useWakeServiceMutation } from '@/lib/api/diagnosis/use-wake-service-mutation';
import { ERROR_ROWS_PER_PAGE, type DiagnosisSection, type SectionRows } from '@/lib/pipes/diagnosis/types';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { EnableAccessButton } from './enable-access-button';
import { RowsTable } from './rows-table';
import { SectionState } from './section-state';
import styles from './diagnosis.module.css';
import { formatNumber } from '@/lib/format/number';

const ROWS_REFRESH_MS = 15_000;

interface Scope {
  organizationId: string;
  serviceId: string;
  pipeId: string;
}

function useSection(scope: Scope, section: DiagnosisSection, options: { page?: number; refetchMs?: number } = {}) {
  const query = usePipeSectionQuery(scope.organizationId, scope.serviceId, scope.pipeId, section, options);
  const wake = useWakeServiceMutation(scope.organizationId, scope.serviceId, scope.pipeId);
  return {
    result: query.data,
    error: query.error,
    pending: query.isPending,
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
    onWake: () => wake.mutate(section),
    waking: wake.isPending,
    wakeError: wake.error,
  };
}

function SqlToolbar({ rows, children }: { rows: SectionRows; children?: React.ReactNode }) {
  return (
    <div className={styles.toolbar}>
      <span>
        From <code>{rows.table}</code>
        {rows.orderedBy ? `, newest first by ${rows.orderedBy}` : ''}.
      </span>
      <div className={styles.toolbarActions}>
        {children}
        <CopyButton value={rows.sql} label={`Copy the SQL that read ${rows.table}`} text="Copy the SQL" />
      </div>
    </div>
  );
}

function FailureLog({ scope }: { scope: Scope }) {
  const section = useSection(scope, 'log');
  return (
    <Panel title="Why it failed" description="The service’s own log of this pipe (system.clickpipes_log, kept 7 days).">
      <SectionState what="the pipe’s log" {...section}>
        {(rows) => (
          <>
            <SqlToolbar rows={rows} />
            {rows.rows.length === 0 ? (
              <p>The service has logged nothing for this pipe in the last 7 days.</p>
            ) : (
              <RowsTable label="Pipe log" columns={rows.columns} rows={rows.rows} />
            )}
          </>
        )}
      </SectionState>
    </Panel>
  );
}

function RecordErrors({ scope }: { scope: Scope }) {
  const [page, setPage] = useState(0);
  const section = useSection(scope, 'errors', { page });
  return (
    <Panel
      title="Records it could not write"
      description="The pipe’s error table: each bad record with the whole message it came in (kept 7 days)."
    >
      <SectionState
        what="the record errors"
        {...section}
        missingText={(table) =>
          `There is no ${table}: the pipe has not written a bad record, or the table was dropped.`
        }
      >
        {(rows) => (
          <>
            <SqlToolbar rows={rows} />
            {rows.rows.length === 0 && page === 0 ? (
              <p>No record errors: every record the pipe read was written.</p>
            ) : (
              <RowsTable label="Record errors" columns={rows.columns} rows={rows.rows} />
            )}
            {(page > 0 || rows.more) && (
              <nav className={styles.pager} aria-label="Record error pages">
                <span>
                  Rows {page * ERROR_ROWS_PER_PAGE + 1}–{page * ERROR_ROWS_PER_PAGE + rows.rows.length}
                </span>
                <Button size="sm" onClick={() => setPage(page - 1)} disabled={page === 0}>
                  Newer
                </Button>
                <Button size="sm" onClick={() => setPage(page + 1)} disabled={!rows.more}>
                  Older
                </Button>
              </nav>
            )}
          </>
        )}
      </SectionState>
    </Panel>
  );
}

function RowsLanded({ scope }: { scope: Scope }) {
  const section = useSection(scope, 'rows', { refetchMs: ROWS_REFRESH_MS });
  // The count when the page first showed it: growth is measured from there (render-time state update).
  const [first, setFirst] = useState<number | null>(null);
  const total = section.result?.state === 'ok' ? section.result.total : undefined;
  if (total !== undefined && first === null) setFirst(total);
  const growth = total !== undefined && first !== null ? total - first : 0;
  return (
    <Panel title="Rows landed" description="The destination table as the service holds it now.">
      <SectionState what="the destination table" {...section}>
        {(rows) => (
          <>
            <p>
              <span className={styles.count} aria-label="Rows in the destination table">
                {formatNumber(rows.total ?? 0)}
              </span>{' '}
              rows
              <span className={styles.growth} role="status">
                {growth > 0
                  ? `+${formatNumber(growth)} since you opened this page`
                  : 'no new rows since you opened this page'}
              </span>
            </p>
            <SqlToolbar rows={rows} />
            {rows.rows.length === 0 ? (
              <p>The table is empty: the pipe has not landed a row yet.</p>
            ) : (
              <RowsTable label="Newest rows" columns={rows.columns} rows={rows.rows} />
            )}
          </>
        )}
      </SectionState>
    </Panel>
  );
}

/** The service's tables, once the console may read them; until then, what would let it. */
export function PipeDiagnosis({ pipe, organizationId }: { pipe: PipeRecord; organizationId: string }) {
  const scope = { organizationId, serviceId: pipe.serviceId, pipeId: pipe.id };
  const canGrant = useCan('manageQueryAccess');
  const access = useDiagnosisAccessQuery(organizationId, pipe.serviceId);
  const failed = pipe.state === 'Failed';
  // A failed pipe's reason is asked for beside the access check, not after it: the one answer a
  // person opens this page for arrives a round trip sooner (FailureLog shares this query).
  usePipeSectionQuery(organizationId, pipe.serviceId, pipe.id, 'log', { enabled: failed });
  if (access.isPending) return <Skeleton height={96} />;
  if (access.isError) {
    return (
      <ErrorState
        headingLevel={3}
        title="Could not tell whether the console may read this service’s tables"
        error={access.error}
        onRetry={() => void access.refetch()}
        retrying={access.isFetching}
      />
    );
  }
  if (!access.data.enabled) {
    return (
      <Notice
        tone="info"
        title="Read what the service itself says about this pipe"
        action={
          canGrant ? (
            <EnableAccessButton organizationId={organizationId} serviceId={pipe.serviceId} access={access.data} />
          ) : undefined
        }
      >
        Why a pipe failed, the records it could not write and the rows it landed are in the service’s own tables. The
        console reads them through the service’s query endpoint, read-only, once its key is allowed there.
        {canGrant ? '' : ' Ask an admin to turn on “Read this service’s logs and tables”.'}
      </Notice>
    );
  }
  return (
    <div className={styles.sections}>
      {failed && <FailureLog scope={scope} />}
      <RecordErrors scope={scope} />
      <RowsLanded scope={scope} />
      {!failed && <FailureLog scope={scope} />}
    </div>
  );
}
