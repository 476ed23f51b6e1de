'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { DataTable } from '@/components/ui/data-table/data-table';
import { tableClassNames } from '@/components/ui/table';
import type { AuditRecord } from '@/lib/audit/events';
import { operationLabel } from '@/lib/audit/operations';
import { historyKindOfAuditTarget, type HistoryKind } from '@/lib/history/kinds';
import { ROLE_LABELS } from '@/lib/console/console-context';
import styles from './audit.module.css';
import { formatDateTimeToSecond } from '@/components/format/time';

function how(event: AuditRecord): string | null {
  const role = event.actorRole ? ROLE_LABELS[event.actorRole] : null;
  const method = event.authMethod === 'sso' ? 'single sign-on' : event.authMethod === 'password' ? 'password' : null;
  return [role, method].filter(Boolean).join(' · ') || null;
}

export interface AuditTableProps {
  events: AuditRecord[];
  /** Filters the log to one user (their name is a button). */
  onUser: (user: string) => void;
  /** Opens the History of the row's target, for targets that have one. */
  onHistory?: (kind: HistoryKind, id: string, name: string) => void;
}

function TargetCell({ event, onHistory }: { event: AuditRecord; onHistory: AuditTableProps['onHistory'] }) {
  if (!event.targetName && !event.targetId) return <span className={styles.muted}>—</span>;
  const kind = historyKindOfAuditTarget(event.targetType);
  return (
    <>
      <span className={tableClassNames.name}>{event.targetName ?? event.targetType}</span>
      <span className={tableClassNames.meta}>
        {event.targetType && event.targetName ? `${event.targetType} ` : ''}
        {event.targetId && <span className={styles.mono}>{event.targetId}</span>}
      </span>
      {onHistory && event.targetId && kind && (
        <button
          type="button"
          className={tableClassNames.link}
          onClick={() => onHistory(kind, event.targetId!, event.targetName ?? event.targetId!)}
          aria-label={`History of ${event.targetName ?? event.targetId}`}
        >
          History
        </button>
      )}
    </>
  );
}

function auditColumns({ onUser, onHistory }: Omit<AuditTableProps, 'events'>): ColumnDef<AuditRecord, unknown>[] {
  // The server pages the log newest first; sorting one page of it would only mislead.
  return [
    {
      id: 'time',
      header: 'Time',
      enableSorting: false,
      meta: { phone: true, className: tableClassNames.nowrap, alwaysShown: true },
      cell: ({ row: { original: event } }) => <time dateTime={event.at}>{formatDateTimeToSecond(event.at)}</time>,
    },
    {
      id: 'user',
      header: 'User',
      enableSorting: false,
      cell: ({ row: { original: event } }) => (
        <>
          <button
            type="button"
            className={tableClassNames.link}
            onClick={() => onUser(event.actor)}
            title={`Show only ${event.actor}`}
          >
            {event.actor}
          </button>
          {how(event) && <span className={tableClassNames.meta}>{how(event)}</span>}
        </>
      ),
    },
    {
      id: 'operation',
      header: 'Operation',
      enableSorting: false,
      meta: { phone: true },
      cell: ({ row: { original: event } }) => (
        <>
          <span className={`${tableClassNames.name} ${styles.operation}`}>{operationLabel(event.operation)}</span>
          {event.changes && <span className={tableClassNames.meta}>{event.changes}</span>}
        </>
      ),
    },
    {
      id: 'target',
      header: 'Target',
      enableSorting: false,
      cell: ({ row: { original: event } }) => <TargetCell event={event} onHistory={onHistory} />,
    },
    {
      id: 'outcome',
      header: 'Outcome',
      enableSorting: false,
      meta: { className: tableClassNames.nowrap },
      cell: ({ row: { original: event } }) => (
        <>
          {event.outcome === 'success' ? (
            <Badge tone="success" dot>
              Succeeded · {event.status}
            </Badge>
          ) : (
            <Badge tone="danger" dot>
              Failed · {event.status}
            </Badge>
          )}
          {event.errorCode && <span className={tableClassNames.meta}>{event.errorCode}</span>}
        </>
      ),
    },
    {
      id: 'request',
      header: 'Request id',
      enableSorting: false,
      cell: ({ row: { original: event } }) => <span className={styles.mono}>{event.requestId}</span>,
    },
  ];
}

export function AuditTable({ events, onUser, onHistory }: AuditTableProps) {
  const columns = useMemo(() => auditColumns({ onUser, onHistory }), [onUser, onHistory]);
  return <DataTable label="Audit log" data={events} columns={columns} getRowId={(event) => event.id} paging={false} />;
}
