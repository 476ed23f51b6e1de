import 'server-only';
import { ApiError } from '../errors';
import { queryConfig } from '../env';
import { upstreamRequest, UpstreamError } from '../upstream/http';
import type { TableRow } from '@/lib/pipes/diagnosis/types';

/** What a query answered: its rows, or the state that kept the service from running it. */
export type QueryAnswer = { kind: 'rows'; rows: TableRow[] } | { kind: 'idle' } | { kind: 'stopped' };

export interface RunOptions {
  /** Resend with the wake confirmation: an idle service wakes (and is billed) to answer. */
  wake?: boolean;
}

/**
 * One read-only statement on a service, through its query endpoint, paced by the query budget and
 * shared through the read cache like every upstream read. Only the console's fixed templates reach
 * here (lib/server/diagnosis/sections.ts), never SQL a person typed.
 */
export async function runServiceQuery(serviceId: string, sql: string, options: RunOptions = {}): Promise<QueryAnswer> {
  const result = await upstreamRequest({
    upstream: queryConfig(),
    method: 'POST',
    path: `/service/${encodeURIComponent(serviceId)}/run?format=JSONEachRow`,
    body: { sql },
    read: true,
    expect: 'text',
    // A wake must reach the service; a cached answer would not wake it.
    ...(options.wake ? { headers: { 'wake-service': 'true' }, cache: false } : {}),
  });
  // The query host says with a 206 that the service cannot take the query in its current state.
  if (result.status === 206) return serviceState(result.text);
  return { kind: 'rows', rows: parseJsonEachRow(result.text) };
}

function serviceState(text: string): QueryAnswer {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    data = undefined;
  }
  if (data === 'Confirm wake service') return { kind: 'idle' };
  if (data === 'Service is stopped') return { kind: 'stopped' };
  throw new UpstreamError(
    502,
    'UPSTREAM_BAD_RESPONSE',
    "The service's query endpoint answered 206 with a state the console does not know",
  );
}

/** JSONEachRow: one JSON object per line. Anything else is not an answer the console can show. */
export function parseJsonEachRow(text: string): TableRow[] {
  const rows: TableRow[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new ApiError(
        502,
        'UPSTREAM_BAD_RESPONSE',
        "The service's query endpoint answered with rows that are not JSON",
      );
    }
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw new ApiError(
        502,
        'UPSTREAM_BAD_RESPONSE',
        "The service's query endpoint answered with rows that are not objects",
      );
    }
    rows.push(row as TableRow);
  }
  return rows;
}
