/**
 * bench/team: 50 simulated users for BENCH_TEAM_SECONDS (default 60) against an emulator that
 * enforces the real budgets (cloud 10 per 10 s, observability 100 per minute per key), in three
 * runs: one console (embedded defaults), two consoles sharing Redis and Postgres, and one console
 * with the scheduler and cache off for comparison. The users, in a fixed mix:
 *   20 watch pipes      — the pipes list every 5 s and one pipe's page every 5 s
 *   12 watch a 5-tile dashboard, 8 a 20-tile one — every tile's chart every 30 s (live refresh)
 *   10 write            — rename a key or save a dashboard every 30 s
 * Users retry a read the budget could not serve yet as the browser does (after the BFF's
 * Retry-After, up to three times). Reported: user-visible 429s and errors (goal 0), the most upstream calls in any window of each
 * budget (goal never over), upstream 429s, user latency p50/p95, cache hit and coalescing ratios.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestLogEntry } from '../emulator/request-log';
import { postgresUnavailableReason } from '../lib/server/db/testing-postgres';
import { startTeam } from '../test/support/team';
import { BENCH, consoleSession, ensureBuild, maxInWindow, root, type ConsoleSession } from './lib/servers';

const SECONDS = Number(process.env.BENCH_TEAM_SECONDS ?? 60);
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;
const CONSOLE_PORTS = [3250 + portOffset, 3251 + portOffset];
// Beside the consoles, so one offset moves all four ports (the emulator takes the next two) into one range.
const EMULATOR_PORT = 3252 + portOffset;
const WINDOWS = { cloud: { limit: 10, ms: 10_000 }, observability: { limit: 100, ms: 60_000 } } as const;

export interface TeamRun {
  name: string;
  requests: number;
  userRateLimited: number;
  userErrors: number;
  /** Reads the browser would have asked again after the BFF's Retry-After. */
  budgetRetries: number;
  /** Every user-visible 429 and error, counted by `status code METHOD route`. */
  errorsByRoute: Record<string, number>;
  /** What the first of each said. */
  firstMessages: Record<string, string>;
  p50: number;
  p95: number;
  upstream: Record<
    'cloud' | 'observability',
    { calls: number; maxInWindow: number; limit: number; rateLimited: number }
  >;
  cacheHitRatio: number | null;
  coalescedRatio: number | null;
  skipped?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0;

async function metricSum(base: string, name: string, label?: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith(name) && (!label || line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

async function runOnce(name: string, instances: number, env: Record<string, string>): Promise<TeamRun> {
  const calls: RequestLogEntry[] = [];
  const team = await startTeam({
    identity: { ...BENCH, sessionSecret: 'bench-session-secret-that-is-long-enough-0123' },
    consolePorts: CONSOLE_PORTS.slice(0, instances),
    emulatorPort: EMULATOR_PORT,
    dataDir: `${root}/.data/bench-team`,
    env: { ...env, LOG_LEVEL: 'error' },
    onRequest: (entry) => calls.push(entry),
  });
  try {
    const sessions = await Promise.all(team.urls.map(consoleSession));
    const org = `/api/cloud/v1/organizations/${BENCH.organizationId}`;
    const service = `${org}/services/${BENCH.serviceId}`;
    const get = async (s: ConsoleSession, path: string) =>
      (await fetch(`${s.base}${path}`, { headers: { cookie: s.cookie } })).json();
    const pipes = ((await get(sessions[0]!, `${service}/datapipes`)) as { result: { id: string }[] }).result;
    const keys = ((await get(sessions[0]!, `${org}/keys`)) as { result: { id: string; name: string }[] }).result;
    const sources = (
      (await get(sessions[0]!, '/api/observability/v2/sources')) as { data: { id: string; kind: string }[] }
    ).data;
    const dashboard = (
      (await (
        await fetch(`${sessions[0]!.base}/api/observability/v2/dashboards`, {
          method: 'POST',
          headers: { cookie: sessions[0]!.cookie, origin: sessions[0]!.base, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Team bench board', tiles: [], tags: [] }),
        })
      ).json()) as { data: { id: string } }
    ).data;
    calls.length = 0;

    const latencies: number[] = [];
    let userRateLimited = 0;
    let userErrors = 0;
    let budgetRetries = 0;
    const errorsByRoute: Record<string, number> = {};
    const firstMessages: Record<string, string> = {};
    const countError = (label: string) => (errorsByRoute[label] = (errorsByRoute[label] ?? 0) + 1);
    const route = (method: string, path: string) =>
      `${method} ${path.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27}|\/[A-Za-z0-9]{20,24}(?=\/|$)/g, '/:id')}`;
    const deadline = Date.now() + SECONDS * 1000;
    // As the browser does (lib/api/query-client.ts): a read the budget could not serve yet is
    // asked again after the Retry-After the BFF gave, up to three times; the person waits meanwhile.
    const call = async (
      s: ConsoleSession,
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const started = performance.now();
      try {
        for (let attempt = 0; ; attempt++) {
          const response = await fetch(`${s.base}${path}`, {
            method,
            headers: {
              cookie: s.cookie,
              ...(body === undefined ? {} : { 'content-type': 'application/json', origin: s.base }),
              ...headers,
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await response.text();
          const read = method === 'GET' || path.endsWith('/charts/series');
          if (read && response.status === 429 && attempt < 3 && text.includes('UPSTREAM_BUDGET_EXHAUSTED')) {
            budgetRetries++;
            await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
            continue;
          }
          latencies.push(performance.now() - started);
          if (response.status === 429) userRateLimited++;
          else if (response.status >= 400 && response.status !== 412) userErrors++;
          if (response.status >= 400 && response.status !== 412) {
            const code = /"code":"([A-Z_]+)"/.exec(text)?.[1] ?? '';
            const label = `${response.status} ${code} ${route(method, path)}`;
            countError(label);
            firstMessages[label] ??= /"error":"([^"]*)"/.exec(text)?.[1] ?? text.slice(0, 200);
          }
          return response;
        }
      } catch (error) {
        userErrors++;
        countError(`no answer (${error instanceof Error ? error.message : String(error)}) ${route(method, path)}`);
        return null;
      }
    };
    const every = async (ms: number, step: () => Promise<void>) => {
      await sleep(Math.random() * Math.min(ms, 5_000));
      while (Date.now() < deadline) {
        const started = Date.now();
        await step();
        await sleep(Math.max(0, ms - (Date.now() - started)));
      }
    };
    const chartQuery = (tile: number) => {
      const source = sources[tile % sources.length]!;
      const now = Date.now();
      return {
        startTime: now - 3_600_000,
        endTime: now,
        granularity: '1m',
        // Every tile its own query: a service filter per tile, grouped or not.
        series: [
          {
            sourceId: source.id,
            aggFn: 'count',
            where: `ServiceName:svc-${tile}`,
            groupBy: tile % 2 ? ['ServiceName'] : [],
          },
        ],
      };
    };
    const users: Promise<void>[] = [];
    for (let u = 0; u < 50; u++) {
      const s = sessions[u % sessions.length]!;
      if (u < 20) {
        const pipe = pipes[u % Math.min(3, pipes.length)]!;
        users.push(
          every(5_000, async () => {
            await call(s, 'GET', `${service}/datapipes`);
            await call(s, 'GET', `${service}/datapipes/${pipe.id}`);
          }),
        );
      } else if (u < 40) {
        const tiles = u < 32 ? 5 : 20;
        users.push(
          every(30_000, async () => {
            await Promise.all(
              Array.from({ length: tiles }, (_, t) =>
                call(s, 'POST', '/api/observability/v2/charts/series', chartQuery(t)),
              ),
            );
          }),
        );
      } else {
        let round = 0;
        users.push(
          every(30_000, async () => {
            round++;
            if (u % 2 === 0) {
              const key = keys[u % keys.length]!;
              await call(s, 'PATCH', `${org}/keys/${key.id}`, { name: `${key.name.slice(0, 40)} ${round}` });
            } else {
              const path = `/api/observability/v2/dashboards/${dashboard.id}`;
              const current = await call(s, 'GET', path);
              const etag = current?.headers.get('etag') ?? '*';
              await call(
                s,
                'PUT',
                path,
                { name: `Team bench board ${u}.${round}`, tiles: [], tags: [] },
                { 'if-match': etag },
              );
            }
          }),
        );
      }
    }
    await Promise.all(users);

    const sorted = latencies.sort((a, b) => a - b);
    const upstream = Object.fromEntries(
      (['cloud', 'observability'] as const).map((surface) => {
        const mine = calls.filter((c) => c.surface === surface);
        return [
          surface,
          {
            calls: mine.length,
            maxInWindow: maxInWindow(
              mine.map((c) => Date.parse(c.at)),
              WINDOWS[surface].ms,
            ),
            limit: WINDOWS[surface].limit,
            rateLimited: mine.filter((c) => c.status === 429).length,
          },
        ];
      }),
    ) as TeamRun['upstream'];
    const sum = async (metric: string, label?: string) =>
      (await Promise.all(team.urls.map((u) => metricSum(u, metric, label)))).reduce((a, b) => a + b, 0);
    const hits = await sum('sluice_upstream_cache_total', 'result="hit"');
    const misses = await sum('sluice_upstream_cache_total', 'result="miss"');
    const coalesced = await sum('sluice_upstream_coalesced_total');
    const reads = hits + misses;
    return {
      name,
      requests: latencies.length,
      userRateLimited,
      userErrors,
      budgetRetries,
      errorsByRoute,
      firstMessages,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      upstream,
      cacheHitRatio: reads ? hits / reads : null,
      coalescedRatio: misses ? coalesced / misses : null,
    };
  } finally {
    await team.stop();
  }
}

export async function runTeamBench(): Promise<TeamRun[]> {
  await ensureBuild();
  const runs: TeamRun[] = [];
  runs.push(await runOnce('one console', 1, {}));
  const noPostgres = postgresUnavailableReason();
  if (noPostgres) runs.push({ name: 'two consoles, Redis', skipped: noPostgres } as TeamRun);
  else runs.push(await runOnce('two consoles, Redis', 2, {}));
  runs.push(
    await runOnce('one console, scheduler and cache off', 1, {
      CLOUD_API_BUDGET: 'off',
      OBSERVABILITY_API_BUDGET: 'off',
      UPSTREAM_CACHE_MS: '0',
      UPSTREAM_CHART_CACHE_MS: '0',
    }),
  );
  return runs;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const ratio = (value: number | null) => (value === null ? '–' : `${Math.round(value * 100)} %`);

export function teamRows(runs: TeamRun[]): string[][] {
  return runs.map((run) =>
    run.skipped
      ? [`team: ${run.name}`, 'skipped', '', '', run.skipped]
      : [
          `team: ${run.name}`,
          `${ms(run.p50)} / p95 ${ms(run.p95)}`,
          `${run.userRateLimited} user 429s, ${run.userErrors} errors of ${run.requests} (goal 0); ${run.budgetRetries} waits retried`,
          `upstream max/window: cloud ${run.upstream.cloud.maxInWindow}/${run.upstream.cloud.limit}, observability ${run.upstream.observability.maxInWindow}/${run.upstream.observability.limit}; upstream 429s ${run.upstream.cloud.rateLimited + run.upstream.observability.rateLimited}`,
          `${run.upstream.cloud.calls + run.upstream.observability.calls} upstream calls in ${SECONDS} s; cache hits ${ratio(run.cacheHitRatio)}, coalesced ${ratio(run.coalescedRatio)} of misses`,
        ],
  );
}

export function teamOverGoal(runs: TeamRun[]): boolean {
  const paced = runs.filter((run) => !run.skipped && !run.name.includes('off'));
  return paced.some(
    (run) =>
      run.userRateLimited > 0 ||
      run.upstream.cloud.maxInWindow > run.upstream.cloud.limit ||
      run.upstream.observability.maxInWindow > run.upstream.observability.limit,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runTeamBench()
    .then((runs) => {
      for (const row of teamRows(runs)) console.log(row.join('  |  '));
      for (const run of runs)
        for (const [label, count] of Object.entries(run.errorsByRoute ?? {}))
          console.log(`${run.name}: ${count} × ${label} — "${run.firstMessages?.[label] ?? ''}"`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
