/**
 * bench/history: what versions cost. Keeping a version on a dashboard save (goal p50 ≤ 2 ms on
 * PGlite), the History list of 1,000 versions (≤ 100 ms), comparing two versions of a 50-tile
 * dashboard (≤ 50 ms), and the console's time to write 200 pipes, 100 dashboards and 100 alerts
 * as Terraform (≤ 5 s; the upstream reads are a handful of list calls paced by its budget).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HistoryWorkerResult } from './history/worker';
import { root } from './lib/servers';

export const HISTORY_GOALS = { saveP50Ms: 2, listMs: 100, compareMs: 50, exportMs: 5_000 } as const;

export function runHistoryBench(): Promise<HistoryWorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', path.join(root, 'bench', 'history', 'worker.ts')],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('close', (code) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !line.startsWith('{'))
        reject(new Error(`bench/history worker failed (${code}): ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as HistoryWorkerResult);
    });
  });
}

export function historyOverGoal(result: HistoryWorkerResult): boolean {
  return (
    result.save.p50 > HISTORY_GOALS.saveP50Ms ||
    result.list.median > HISTORY_GOALS.listMs ||
    result.compare.median > HISTORY_GOALS.compareMs ||
    result.exportConsoleMs.median > HISTORY_GOALS.exportMs
  );
}

export function historyRows(result: HistoryWorkerResult): string[][] {
  return [
    [
      'history: version on a dashboard save',
      `${result.save.p50} ms`,
      `${result.save.p99} ms`,
      `goal p50 ≤ ${HISTORY_GOALS.saveP50Ms} ms`,
      `PGlite, 20 tiles, ${result.save.samples} saves`,
    ],
    [
      'history: one small insert (machine pace)',
      `${result.baselineInsertP50} ms`,
      '',
      '',
      'the same PGlite: read the figures above against it',
    ],
    [
      'history: list 1,000 versions',
      `${result.list.median} ms`,
      '',
      `goal ≤ ${HISTORY_GOALS.listMs} ms`,
      `${result.list.versions} versions, PGlite`,
    ],
    [
      'history: compare two versions',
      `${result.compare.median} ms`,
      '',
      `goal ≤ ${HISTORY_GOALS.compareMs} ms`,
      `${result.compare.tiles} tiles, with summary and JSON diff`,
    ],
    [
      'history: export as Terraform',
      `${result.exportConsoleMs.median} ms`,
      `${result.exportConsoleMs.files} files`,
      `goal ≤ ${HISTORY_GOALS.exportMs} ms`,
      'console time; 200 pipes, 100 dashboards, 100 alerts',
    ],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await runHistoryBench();
  for (const row of historyRows(result)) console.log(row.join('  │  '));
  if (historyOverGoal(result)) process.exitCode = 1;
}
