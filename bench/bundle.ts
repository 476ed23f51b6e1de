/**
 * bench/bundle: first-load JavaScript per route, gzip, from the build's route bundle statistics
 * (`.next/diagnostics/route-bundle-stats.json`, which Next 16 writes instead of printing sizes).
 * Budget: ≤ 200 KB gzip for every route without charts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuild, root } from './lib/servers';

export const BUDGET_KB = 200;
/** Routes allowed over budget because they draw charts: the dashboard editors of both surfaces (not the lists). */
const CHART_ROUTES: RegExp[] = [/^\/dashboards\/[^/]+/, /^\/managed\/dashboards\/[^/]+/];

export interface RouteBundle {
  route: string;
  files: number;
  gzipKb: number;
  overBudget: boolean;
  chartRoute: boolean;
}

interface RouteStats {
  route: string;
  firstLoadChunkPaths?: string[];
}

function gzipSize(file: string, cache: Map<string, number>): number {
  let size = cache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: 9 }).length;
    cache.set(file, size);
  }
  return size;
}

export async function runBundleBench(): Promise<RouteBundle[]> {
  await ensureBuild();
  const statsFile = path.join(root, '.next', 'diagnostics', 'route-bundle-stats.json');
  const stats = JSON.parse(readFileSync(statsFile, 'utf8')) as RouteStats[];
  const cache = new Map<string, number>();
  return stats
    .filter((entry) => !entry.route.startsWith('/api/') && !entry.route.startsWith('/_'))
    .map((entry) => {
      const files = (entry.firstLoadChunkPaths ?? []).filter((file) => file.endsWith('.js'));
      const bytes = files.reduce((sum, file) => sum + gzipSize(path.resolve(root, file), cache), 0);
      const gzipKb = Math.round((bytes / 1024) * 10) / 10;
      const chartRoute = CHART_ROUTES.some((pattern) => pattern.test(entry.route));
      return {
        route: entry.route,
        files: files.length,
        gzipKb,
        overBudget: !chartRoute && gzipKb > BUDGET_KB,
        chartRoute,
      };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

export function bundleRows(routes: RouteBundle[]): string[][] {
  return routes.map((r) => [
    `bundle: ${r.route}`,
    `${r.gzipKb} KB gzip`,
    `${r.files} files`,
    r.chartRoute
      ? 'chart route: no budget'
      : r.overBudget
        ? `OVER the ${BUDGET_KB} KB budget`
        : `within ${BUDGET_KB} KB`,
    '',
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runBundleBench()
    .then((routes) => {
      for (const row of bundleRows(routes)) console.log(row.join('  |  '));
      if (routes.some((r) => r.overBudget)) process.exit(1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
