/**
 * bench/audit: what the audit log costs. Per BFF write, the time define-route spends recording it
 * (goal: p50 ≤ 1 ms on PGlite); and the Audit page's query over 100k events with its filters
 * (goal: ≤ 100 ms). On the embedded PGlite always, and on Debian's Postgres when it is installed,
 * each in its own process (the measurements need the `react-server` import condition).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresUnavailableReason, startTestPostgres } from '../lib/server/db/testing-postgres';
import type { WorkerResult } from './audit/worker';
import { root } from './lib/servers';

export const AUDIT_GOALS = { writeP50Ms: 1, queryMs: 100 } as const;

export interface AuditBenchResult {
  runs: WorkerResult[];
  postgresSkipped: string | null;
}

function runWorker(postgresUrl?: string): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=react-server',
        '--import',
        'tsx',
        path.join(root, 'bench', 'audit', 'worker.ts'),
        ...(postgresUrl ? [postgresUrl] : []),
      ],
      { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`bench/audit worker failed (${code}): ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

export async function runAuditBench(): Promise<AuditBenchResult> {
  const runs = [await runWorker()];
  const postgresSkipped = postgresUnavailableReason();
  if (!postgresSkipped) {
    const server = await startTestPostgres();
    try {
      runs.push(await runWorker(server.url));
    } finally {
      await server.stop();
    }
  }
  return { runs, postgresSkipped };
}

export function auditOverGoal(result: AuditBenchResult): boolean {
  const pglite = result.runs[0];
  return (
    !pglite || pglite.write.p50 > AUDIT_GOALS.writeP50Ms || pglite.queries.some((q) => q.median > AUDIT_GOALS.queryMs)
  );
}

export function auditRows(result: AuditBenchResult): string[][] {
  const rows = result.runs.flatMap((run) => [
    [
      `audit write: ${run.database}`,
      `${run.write.p50} ms`,
      `${run.write.p99} ms`,
      `goal p50 ≤ ${AUDIT_GOALS.writeP50Ms} ms`,
      `added to each BFF write, ${run.write.samples} writes`,
    ],
    ...run.queries.map((q) => [
      `audit query: ${q.name}`,
      `${q.median} ms`,
      `p95 ${q.p95} ms`,
      `goal ≤ ${AUDIT_GOALS.queryMs} ms`,
      `${run.database}, ${run.events / 1000}k events, ${q.rows} rows`,
    ]),
    [`audit export: all ${run.events / 1000}k events to CSV`, `${run.exportMs} ms`, '', '', run.database],
  ]);
  if (result.postgresSkipped) rows.push(['audit: Postgres', '—', '—', '', `skipped: ${result.postgresSkipped}`]);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runAuditBench();
  for (const row of [['benchmark', 'p50 / median', 'p99 / p95', 'goal', 'note'], ...auditRows(result)])
    console.log(row.join('  │  '));
  if (auditOverGoal(result)) process.exitCode = 1;
}
