'use client';

import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { Skeleton } from '@/components/ui/skeleton';
import type { SectionResult, SectionRows } from '@/lib/pipes/diagnosis/types';

export interface SectionStateProps {
  /** What the section reads, for its loading and error words ("the pipe's log"). */
  what: string;
  result: SectionResult | undefined;
  error: unknown;
  pending: boolean;
  onRetry: () => void;
  retrying: boolean;
  onWake: () => void;
  waking: boolean;
  wakeError: unknown;
  /** What a missing table means for this section, when it means more than "dropped". */
  missingText?: (table: string) => ReactNode;
  children: (rows: SectionRows) => ReactNode;
}

/**
 * Everything a section of the service's tables can be instead of rows: loading, failed (this
 * section only; the rest of the page stays), an idle or stopped service, no access, a table that
 * is not there, a pipe kind without such tables.
 */
export function SectionState(props: SectionStateProps) {
  const { what, result, error, pending, onRetry, retrying, onWake, waking, wakeError, missingText, children } = props;
  if (pending) {
    return (
      <div role="status" aria-live="polite">
        <span>Reading {what}…</span>
        <Skeleton height={64} />
      </div>
    );
  }
  if (error || !result) {
    return (
      <ErrorState
        headingLevel={3}
        title={`Could not read ${what}`}
        error={error}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  switch (result.state) {
    case 'ok':
      return <>{children(result)}</>;
    case 'idle':
      return (
        <Notice
          tone="info"
          title="This service is idle; reading its logs will wake it"
          action={
            <Button size="sm" variant="primary" onClick={onWake} loading={waking}>
              Wake the service and read
            </Button>
          }
        >
          An idle service starts again to answer (and is billed while it runs). Nothing is read until you ask.
          {wakeError ? <ErrorState headingLevel={3} title="Could not wake the service" error={wakeError} /> : null}
        </Notice>
      );
    case 'stopped':
      return (
        <Notice tone="warning" title="This service is stopped">
          A stopped service cannot answer queries. Start the service in the cloud console to read {what}.
        </Notice>
      );
    case 'no-access':
      return (
        <Notice tone="warning" title="The console’s key cannot read this service’s tables">
          An admin can grant it with “Read this service’s logs and tables” above, or by adding the console’s key to the
          service’s query endpoint with the sql_console_read_only role.
          {result.detail ? ` The service said: ${result.detail}` : ''}
        </Notice>
      );
    case 'missing-table':
      return (
        <Notice tone="warning" title={`${result.table} does not exist`}>
          {missingText
            ? missingText(result.table)
            : 'The destination table no longer exists: it was dropped, or the pipe has not created it yet.'}
        </Notice>
      );
    case 'not-applicable':
      return <p>{result.reason}</p>;
  }
}
