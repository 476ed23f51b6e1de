import { Notice } from '@/components/ui/notice';
import type { PipeSummary } from '@/lib/pipes/metrics/history';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { errorTables, formatCount, formatPerSecond, pipeHealth } from './metric-format';
import styles from './pipe-metrics.module.css';

function ErrorTables({ pipe }: { pipe: PipeRecord }) {
  const tables = errorTables(pipe);
  if (tables.length === 0) return null;
  return (
    <>
      {' '}
      Records it could not write are in{' '}
      {tables.map((table, i) => (
        <span key={table}>
          {i > 0 && (i === tables.length - 1 ? ' and ' : ', ')}
          <code className={styles.code}>{table}</code>
        </span>
      ))}
      ; errors of the pipe itself are in <code className={styles.code}>system.clickpipes_log</code>.
    </>
  );
}

/** At the top of a failed or erroring pipe's page: what is wrong, how many errors, and where the rows went. */
export function PipeHealthBanner({ pipe, summary }: { pipe: PipeRecord; summary: PipeSummary | null | undefined }) {
  const health = pipeHealth(pipe.state, summary);
  if (!health.failed && !health.erroring) return null;
  const count =
    health.errors === undefined
      ? null
      : `${formatCount(health.errors)} ${health.errors === 1 ? 'error' : 'errors'} so far`;
  const rate =
    health.erroring && health.errorsPerSecond !== undefined ? ` (${formatPerSecond(health.errorsPerSecond)} now)` : '';
  return (
    <Notice
      tone="danger"
      role="alert"
      title={
        health.failed
          ? 'This pipe has failed and is not loading data'
          : 'This pipe is sending records to its error table'
      }
    >
      {count && (
        <>
          {count}
          {rate}.
        </>
      )}
      <ErrorTables pipe={pipe} />
      {health.failed && ' Start it again once the cause is fixed.'}
    </Notice>
  );
}
