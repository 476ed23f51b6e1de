'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import dynamic from 'next/dynamic';
import { useDeferredValue, useState } from 'react';
import { Button, buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { AUDIT_HEADING } from '@/components/shell/page-headings';
import { TableSkeleton } from '@/components/ui/skeleton';
import { auditExportHref, useAuditQuery } from '@/lib/api/audit/use-audit-query';
import { useCan } from '@/lib/console/console-context';
import { AUDIT_LIMITS } from '@/lib/schemas/audit-bounds';
import { AuditFilterBar } from './audit-filter-bar';
import { auditCursors, auditFiltersQuery, auditPageQuery, parseAuditFilters, type AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import type { HistoryKind } from '@/lib/history/kinds';

const HistoryDialog = dynamic(() => import('@/components/history/history-dialog').then((m) => m.HistoryDialog), {
  ssr: false,
});
import styles from './audit.module.css';

export function AuditView() {
  const canRead = useCan('readAuditLog');
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const filters = parseAuditFilters(searchParams);
  const filterKey = auditFiltersQuery(filters);
  const [historyOf, setHistoryOf] = useState<{ kind: HistoryKind; id: string; name: string } | null>(null);
  // The ids each older page starts after, in the URL beside the filters: a page of the log can be
  // shared, and the back button returns to the newer page. A change of filters starts from the newest.
  const cursors = auditCursors(searchParams);
  const before = cursors.at(-1);
  const audit = useAuditQuery({ ...filters, ...(before ? { before } : {}) }, { enabled: canRead });

  const applyFilters = (next: AuditFilters) =>
    router.replace(`${pathname}${auditFiltersQuery(next)}`, { scroll: false });
  const showPage = (next: string[]) => router.push(`${pathname}${auditPageQuery(filters, next)}`, { scroll: false });
  // Events that arrive while the page is open are drawn in a deferred render, which React can
  // interrupt: react-query's answers otherwise reach React as a synchronous update, and a page of
  // the log drawn in one go held a phone's main thread for a tenth of a second or more. Until it is
  // drawn the loading state stays.
  const page = useDeferredValue(audit.data);
  const drawing = audit.data !== undefined && page === undefined;
  const first = cursors.length * AUDIT_LIMITS.pageSize + 1;
  const filtered = filterKey !== '';

  if (!canRead) {
    return (
      <>
        <PageHeader title={AUDIT_HEADING.title} description={AUDIT_HEADING.description} />
        <Notice tone="neutral">Only admins can see the audit log.</Notice>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={AUDIT_HEADING.title}
        description={AUDIT_HEADING.description}
        actions={
          <a className={buttonClassName('secondary')} href={auditExportHref(filters)} download>
            Export CSV
          </a>
        }
      />
      <div className={styles.toolbar}>
        <AuditFilterBar filters={filters} onApply={applyFilters} />
        {audit.isPending || drawing ? (
          <TableSkeleton label="audit log" rows={6} />
        ) : audit.isError ? (
          <ErrorState
            title="Could not load the audit log"
            error={audit.error}
            onRetry={() => audit.refetch()}
            retrying={audit.isFetching}
          />
        ) : page && page.events.length === 0 ? (
          filtered ? (
            <EmptyState
              title="No events match these filters"
              action={<Button onClick={() => applyFilters({})}>Clear filters</Button>}
            >
              Widen the time range or choose another user or operation.
            </EmptyState>
          ) : (
            <EmptyState title="No events yet">
              Sign-ins and every change made through Sluice will be listed here.
            </EmptyState>
          )
        ) : page ? (
          <>
            <AuditTable
              events={page.events}
              onUser={(user) => applyFilters({ ...filters, user })}
              onHistory={(kind, id, name) => setHistoryOf({ kind, id, name })}
            />
            <nav className={styles.pager} aria-label="Audit log pages">
              <span role="status" aria-live="polite">
                {audit.isPlaceholderData
                  ? 'Loading…'
                  : `Events ${first}–${first + page.events.length - 1}, newest first`}
              </span>
              <span className={styles.pagerButtons}>
                <Button size="sm" disabled={cursors.length === 0} onClick={() => showPage(cursors.slice(0, -1))}>
                  Newer
                </Button>
                <Button
                  size="sm"
                  disabled={!page.next || audit.isPlaceholderData}
                  onClick={() => page.next && showPage([...cursors, page.next])}
                >
                  Older
                </Button>
              </span>
            </nav>
          </>
        ) : null}
      </div>
      {historyOf && <HistoryDialog {...historyOf} open onOpenChange={(open) => !open && setHistoryOf(null)} />}
    </>
  );
}
