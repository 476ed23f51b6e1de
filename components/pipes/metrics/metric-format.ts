/** Numbers of the pipe metrics as a person reads them. */
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import type { PipeSummary } from '@/lib/pipes/metrics/history';
import { formatCompactNumber, formatNumber } from '@/lib/format/number';

const whole = (value: number) => formatNumber(value, { maximumFractionDigits: 0 });
const short = (value: number) => formatNumber(value, { maximumFractionDigits: 1 });
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export const formatCount = (value: number) => whole(value);

/** A rate, compact above ten thousand: "1,234/s", "12.3K/s", "0.4/s". */
/** "533/s", or with what is counted, "533 rows/s". */
export function formatPerSecond(value: number, noun?: string): string {
  const number = value >= 10_000 ? formatCompactNumber(value, 1) : value >= 100 ? whole(value) : short(value);
  return noun ? `${number} ${noun}/s` : `${number}/s`;
}

/** Decimal units, as the vendor's console shows sizes: "873.3 MB". */
export function formatBytes(value: number): string {
  let unit = 0;
  let scaled = value;
  while (Math.abs(scaled) >= 1000 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1000;
    unit++;
  }
  return `${unit === 0 ? whole(scaled) : short(scaled)} ${BYTE_UNITS[unit]}`;
}

export const formatMillicores = (value: number) => `${whole(value)} mCPU`;

/** Where the rows a pipe could not write went: one error table beside each destination table. */
export function errorTables(pipe: PipeRecord): string[] {
  const { database } = pipe.destination;
  const mappings = pipe.source.postgres?.tableMappings;
  const tables = mappings ? mappings.map((m) => m.targetTable) : pipe.destination.table ? [pipe.destination.table] : [];
  return tables.map((table) => `${database}.${table}_clickpipes_error`);
}

const FAILED_STATES: readonly string[] = ['Failed', 'InternalError'];

export interface PipeHealth {
  failed: boolean;
  /** Errors counted between the last two scrapes. */
  erroring: boolean;
  errors?: number;
  errorsPerSecond?: number;
}

export function pipeHealth(state: string, summary: PipeSummary | null | undefined): PipeHealth {
  const errorsPerSecond = summary?.rates?.errorsPerSecond;
  return {
    failed: FAILED_STATES.includes(state),
    erroring: (errorsPerSecond ?? 0) > 0,
    errors: summary?.totals.errors,
    errorsPerSecond,
  };
}
