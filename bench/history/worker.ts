/**
 * bench/history's measurements, in a process of their own with the `react-server` condition.
 * Prints one JSON result.
 *   save    — what keeping a version adds to a dashboard save: define-route's history step for a
 *             PUT of a 20-tile dashboard (answer read, newest version read, insert, prune), p50/p99.
 *   list    — the History list of a dashboard with 1,000 versions, median of 30.
 *   compare — two versions of a 50-tile dashboard: changes by field and tile, summary, JSON diff.
 *   export  — console time to write 200 pipes, 100 dashboards and 100 alerts as Terraform files.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { objectAsCode } from '../../lib/code/object-code';
import { compareObjects, jsonDiffText } from '../../lib/history/diff';
import { normalizeObject } from '../../lib/history/normalize';
import { summarizeComparison } from '../../lib/history/summary';
import { migrate } from '../../lib/server/db/migrations';
import { openPgliteFolder } from '../../lib/server/db/pglite';
import { setConsoleDatabase } from '../../lib/server/db/shared';
import { recordObjectRequest } from '../../lib/server/history/record';
import { listVersions } from '../../lib/server/history/store';

export interface HistoryWorkerResult {
  save: { p50: number; p99: number; samples: number };
  /** One small insert on the same database, to read the other figures against this machine's load. */
  baselineInsertP50: number;
  list: { median: number; versions: number };
  compare: { median: number; tiles: number };
  exportConsoleMs: { median: number; files: number };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};
const round = (ms: number) => Math.round(ms * 1000) / 1000;

const tile = (i: number, variant = 0) => ({
  id: `t${String(i).padStart(23, '0')}`,
  name: `Tile ${i}`,
  x: (i % 2) * 12,
  y: Math.floor(i / 2) * 6 + variant,
  w: 12,
  h: 6,
  series: [
    {
      type: 'time',
      dataSource: 'events',
      aggFn: 'count',
      where: `service:api-${i}`,
      whereLanguage: 'lucene',
      groupBy: ['host'],
    },
  ],
});
const dashboard = (tiles: number, variant: number) => ({
  id: 'd'.repeat(24),
  name: `Dashboard ${variant}`,
  tags: ['bench'],
  tiles: Array.from({ length: tiles }, (_, i) => tile(i, i === 0 ? variant : 0)),
});

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sluice-bench-history-'));
  const db = await openPgliteFolder(dir);
  try {
    await migrate(db);
    setConsoleDatabase(db);
    process.env.HISTORY_KEEP = '2000';
    const user = { name: 'bench', role: 'editor' as const, method: 'password' as const };
    const url = `http://localhost/api/observability/v2/dashboards/${'d'.repeat(24)}`;

    // The machine's pace now: one small insert, as the audit log makes per write.
    const baseline: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await db.query(
        "insert into history_deleted (kind, object_id, name, deleted_by) values ('alerts', $1, 'x', 'bench')",
        [`b${i}`],
      );
      baseline.push(performance.now() - started);
    }
    await db.query('delete from history_deleted');

    const SAVES = 500;
    const saves: number[] = [];
    for (let i = 0; i < SAVES + 20; i++) {
      const response = new Response(JSON.stringify({ data: dashboard(20, i) }), {
        headers: { 'content-type': 'application/json' },
      });
      const request = new Request(url, { method: 'PUT' });
      const started = performance.now();
      await recordObjectRequest(request, `r${i}`, user, response);
      if (i >= 20) saves.push(performance.now() - started);
    }

    // 1,000 versions of one dashboard, then the History list of it.
    for (let i = SAVES + 20; i < 1_000; i++) {
      await recordObjectRequest(
        new Request(url, { method: 'PUT' }),
        `r${i}`,
        user,
        new Response(JSON.stringify({ data: dashboard(20, i) }), { headers: { 'content-type': 'application/json' } }),
      );
    }
    const lists: number[] = [];
    let versions = 0;
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      versions = (await listVersions(db, 'dashboards', 'd'.repeat(24))).length;
      lists.push(performance.now() - started);
    }

    const before = dashboard(50, 0);
    const after = {
      ...dashboard(50, 3),
      name: 'Renamed',
      tiles: [...dashboard(50, 3).tiles.slice(1), { ...tile(99), name: 'New' }],
    };
    const compares: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const comparison = compareObjects(before, after);
      summarizeComparison(comparison);
      jsonDiffText(comparison);
      compares.push(performance.now() - started);
    }

    const pipe = (i: number) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      name: `pipe ${i}`,
      state: 'Running',
      source: {
        kafka: { type: 'kafka', format: 'JSONEachRow', brokers: 'b:9092', topics: `t${i}`, authentication: 'PLAIN' },
      },
      destination: {
        database: 'default',
        table: `t${i}`,
        managedTable: true,
        columns: [
          { name: 'id', type: 'UInt64' },
          { name: 'body', type: 'String' },
        ],
      },
      fieldMappings: [
        { sourceField: 'id', destinationField: 'id' },
        { sourceField: 'body', destinationField: 'body' },
      ],
      scaling: { replicas: 1, replicaCpuMillicores: 500, replicaMemoryGb: 1 },
      settings: { engine_max_threads: 4 },
    });
    const alert = (i: number) => ({
      id: `a${String(i).padStart(23, '0')}`,
      name: `alert ${i}`,
      source: 'tile',
      dashboardId: 'd'.repeat(24),
      tileId: tile(0).id,
      threshold: i,
      thresholdType: 'above',
      interval: '5m',
      channel: { type: 'webhook', webhookId: 'w' },
    });
    const exports: number[] = [];
    let files = 0;
    for (let round = 0; round < 5; round++) {
      const started = performance.now();
      files = 0;
      for (let i = 0; i < 200; i++)
        files += objectAsCode('pipes', normalizeObject('pipes', pipe(i))!, 'terraform', 'svc', true).length > 0 ? 1 : 0;
      for (let i = 0; i < 100; i++)
        files +=
          objectAsCode(
            'dashboards',
            normalizeObject('dashboards', { ...dashboard(12, i), id: `d${String(i).padStart(23, '0')}` })!,
            'terraform',
            '',
            true,
          ).length > 0
            ? 1
            : 0;
      for (let i = 0; i < 100; i++)
        files += objectAsCode('alerts', normalizeObject('alerts', alert(i))!, 'terraform', '', true).length > 0 ? 1 : 0;
      exports.push(performance.now() - started);
    }

    const result: HistoryWorkerResult = {
      save: { p50: round(quantile(saves, 0.5)), p99: round(quantile(saves, 0.99)), samples: saves.length },
      baselineInsertP50: round(quantile(baseline, 0.5)),
      list: { median: round(quantile(lists, 0.5)), versions },
      compare: { median: round(quantile(compares, 0.5)), tiles: 50 },
      exportConsoleMs: { median: round(quantile(exports, 0.5)), files },
    };
    console.log(JSON.stringify(result));
  } finally {
    setConsoleDatabase(null);
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
