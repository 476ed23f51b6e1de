'use client';

import { Badge } from '@/components/ui/badge';
import { Table, tableClassNames } from '@/components/ui/table';
import type { AuditRecord } from '@/lib/audit/events';
import { operationLabel } from '@/lib/audit/operations';
import { historyKindOfAuditTarget, type HistoryKind } from '@/lib/history/kinds';
import { ROLE_LABELS } from '@/lib/console/console-context';
import styles from './audit.module.css';

const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium' });

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

export function AuditTable({ events, onUser, onHistory }: AuditTableProps) {
  return (
    <Table label="Audit log">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">User</th>
          <th scope="col">Operation</th>
          <th scope="col">Target</th>
          <th scope="col">Outcome</th>
          <th scope="col">Request id</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.id}>
            <td className={tableClassNames.nowrap}>
              <time dateTime={event.at}>{time.format(Date.parse(event.at))}</time>
            </td>
            <td>
              <button
                type="button"
                className={tableClassNames.link}
                onClick={() => onUser(event.actor)}
                title={`Show only ${event.actor}`}
              >
                {event.actor}
              </button>
              {how(event) && <span className={tableClassNames.meta}>{how(event)}</span>}
            </td>
            <td>
              <span className={`${tableClassNames.name} ${styles.operation}`}>{operationLabel(event.operation)}</span>
              {event.changes && <span className={tableClassNames.meta}>{event.changes}</span>}
            </td>
            <td>
              {event.targetName || event.targetId ? (
                <>
                  <span className={tableClassNames.name}>{event.targetName ?? event.targetType}</span>
                  <span className={tableClassNames.meta}>
                    {event.targetType && event.targetName ? `${event.targetType} ` : ''}
                    {event.targetId && <span className={styles.mono}>{event.targetId}</span>}
                  </span>
                  {onHistory && event.targetId && historyKindOfAuditTarget(event.targetType) && (
                    <button
                      type="button"
                      className={tableClassNames.link}
                      onClick={() =>
                        onHistory(
                          historyKindOfAuditTarget(event.targetType)!,
                          event.targetId!,
                          event.targetName ?? event.targetId!,
                        )
                      }
                      aria-label={`History of ${event.targetName ?? event.targetId}`}
                    >
                      History
                    </button>
                  )}
                </>
              ) : (
                <span className={styles.muted}>—</span>
              )}
            </td>
            <td className={tableClassNames.nowrap}>
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
            </td>
            <td>
              <span className={styles.mono}>{event.requestId}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
