'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ActionsCell, Table, tableClassNames } from '@/components/ui/table';
import type { EndpointRow } from './endpoint-rows';
import styles from './endpoints.module.css';

export interface EndpointsTableProps {
  rows: EndpointRow[];
  /** Absent for roles that may not attach or detach: the action column is then left out. */
  onAttach?: (row: EndpointRow) => void;
  onDetach?: (row: EndpointRow) => void;
  /** The endpoint whose attach request is in flight. */
  attachingId?: string;
}

export function EndpointsTable({ rows, onAttach, onDetach, attachingId }: EndpointsTableProps) {
  const withActions = Boolean(onAttach && onDetach);
  return (
    <Table label="Private endpoints">
      <thead>
        <tr>
          <th scope="col">Endpoint ID</th>
          <th scope="col">Description</th>
          <th scope="col">Cloud provider</th>
          <th scope="col">Region</th>
          <th scope="col">This service</th>
          {withActions && (
            <th scope="col" className={tableClassNames.actions}>
              Actions
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row" className={`${styles.mono} ${tableClassNames.nowrap}`}>
              {row.id}
            </th>
            <td>
              {row.registered ? (
                row.description || <span className={styles.muted}>—</span>
              ) : (
                <span className={styles.muted}>Not registered in this organization</span>
              )}
            </td>
            <td className={tableClassNames.nowrap}>{row.cloudProvider || <span className={styles.muted}>—</span>}</td>
            <td className={tableClassNames.nowrap}>{row.region || <span className={styles.muted}>—</span>}</td>
            <td className={tableClassNames.nowrap}>
              {row.attached ? (
                <Badge tone="success" dot>
                  Attached
                </Badge>
              ) : (
                <Badge tone="neutral">Not attached</Badge>
              )}
            </td>
            {withActions && (
              <ActionsCell>
                {row.attached ? (
                  <Button size="sm" aria-label={`Detach ${row.id}`} onClick={() => onDetach?.(row)}>
                    Detach
                  </Button>
                ) : row.attachBlockedReason ? (
                  <span className={styles.reason}>{row.attachBlockedReason}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="primary"
                    aria-label={`Attach ${row.id}`}
                    loading={attachingId === row.id}
                    onClick={() => onAttach?.(row)}
                  >
                    Attach
                  </Button>
                )}
              </ActionsCell>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
