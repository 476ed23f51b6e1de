'use client';

import Link from 'next/link';
import { RelativeTime } from '@/components/format/timestamp';
import { Table, tableClassNames } from '@/components/ui/table';
import type { PipeRecord } from '@/lib/schemas/pipes';
import { pipeDestinationSummary, pipeSourceLabel } from './pipe-format';
import { PipeStateBadge } from './pipe-state-badge';
import styles from './pipes.module.css';

export interface PipesTableProps {
  pipes: PipeRecord[];
  now: number;
}

export function PipesTable({ pipes, now }: PipesTableProps) {
  return (
    <Table label="Pipes">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Source</th>
          <th scope="col">Destination table</th>
          <th scope="col">State</th>
          <th scope="col">Created</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {pipes.map((pipe) => (
          <tr key={pipe.id}>
            <th scope="row" className={styles.nameCell}>
              <Link href={`/pipes/${encodeURIComponent(pipe.id)}`} className={styles.nameLink}>
                {pipe.name}
              </Link>
            </th>
            <td className={tableClassNames.nowrap}>{pipeSourceLabel(pipe)}</td>
            <td className={styles.mono}>{pipeDestinationSummary(pipe)}</td>
            <td className={tableClassNames.nowrap}>
              <PipeStateBadge state={pipe.state} />
            </td>
            <td className={tableClassNames.nowrap}>
              <RelativeTime value={pipe.createdAt} now={now} />
            </td>
            <td className={tableClassNames.nowrap}>
              <RelativeTime value={pipe.updatedAt} now={now} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
