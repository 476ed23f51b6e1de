/**
 * bench/proxy: what the backend-for-frontend costs. Three targets measured side by side, in
 * interleaved rounds so the shared machine's noise falls on all of them alike:
 *   direct  — the emulator's key list, straight (the upstream alone)
 *   bare    — /api/health, a Next route answering from its own 5 s cache (Next's per-request cost)
 *   bff     — the same key list through the BFF (session, role, upstream call, sanitising)
 * The console runs with the upstream budget off and the read cache off, so every BFF read goes
 * upstream: this measures the hop, not the cache (bench/team measures pacing and the cache).
 * Targets: bff p50 ≤ bare p50 + 1 ms, p99 ≤ bare p99 + 5 ms, throughput ≥ 70 % of bare.
 */
import autocannon from 'autocannon';
import { BENCH, cloudUrl, consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Sample {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

export interface ProxyResult {
  targets: Record<'direct' | 'bare' | 'bff', Sample>;
  upstreamConnections: number | null;
  rounds: number;
  seconds: number;
}

function load(url: string, headers: Record<string, string>, duration: number): Promise<Sample> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) => {
      if (error) return reject(error);
      resolve({
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps: result.requests.average,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function upstreamConnectionCount(): Promise<number | null> {
  try {
    const response = await fetch(`${cloudUrl}/__emulator/stats`);
    if (!response.ok) return null;
    const stats = (await response.json()) as { connections?: { cloud?: number } };
    return stats.connections?.cloud ?? null;
  } catch {
    return null;
  }
}

export async function runProxyBench(): Promise<ProxyResult> {
  await ensureBuild();
  const servers = await startServers({
    CLOUD_API_BUDGET: 'off',
    OBSERVABILITY_API_BUDGET: 'off',
    UPSTREAM_CACHE_MS: '0',
  });
  try {
    const cookie = await signIn();
    const keysPath = `/v1/organizations/${BENCH.organizationId}/keys`;
    const basic = `Basic ${Buffer.from(`${BENCH.cloudKeyId}:${BENCH.cloudKeySecret}`).toString('base64')}`;
    const targets = {
      direct: { url: `${cloudUrl}${keysPath}`, headers: { authorization: basic } },
      bare: { url: `${consoleUrl}/api/health`, headers: {} },
      bff: { url: `${consoleUrl}/api/cloud${keysPath}`, headers: { cookie } },
    } as const;

    for (const target of Object.values(targets)) await load(target.url, target.headers, 2);
    const connectionsBefore = await upstreamConnectionCount();

    const samples: Record<keyof typeof targets, Sample[]> = { direct: [], bare: [], bff: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        samples[name].push(await load(targets[name].url, targets[name].headers, SECONDS));
      }
    }
    const connectionsAfter = await upstreamConnectionCount();
    const summarize = (list: Sample[]): Sample => ({
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      rps: median(list.map((s) => s.rps)),
      errors: list.reduce((sum, s) => sum + s.errors, 0),
    });
    return {
      targets: {
        direct: summarize(samples.direct),
        bare: summarize(samples.bare),
        bff: summarize(samples.bff),
      },
      // New upstream connections opened during the measured rounds; the direct target's own
      // connections count too (CONNECTIONS per round), so reuse shows as a number near that.
      upstreamConnections:
        connectionsBefore === null || connectionsAfter === null ? null : connectionsAfter - connectionsBefore,
      rounds: ROUNDS,
      seconds: SECONDS,
    };
  } finally {
    servers.stop();
  }
}

const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms} ms`;

export function proxyRows(result: ProxyResult): string[][] {
  const { direct, bare, bff } = result.targets;
  const row = (name: string, s: Sample) => [
    `proxy: ${name}`,
    `${s.p50} ms`,
    `${s.p99} ms`,
    `${Math.round(s.rps)} req/s`,
    s.errors ? `${s.errors} errors` : '',
  ];
  const connections =
    result.upstreamConnections === null
      ? ''
      : `${result.upstreamConnections} new upstream connections in ${result.rounds} rounds`;
  return [
    row('direct emulator read', direct),
    row('bare Next route (/api/health, cached)', bare),
    row('through the BFF', bff),
    [
      'proxy: BFF vs bare',
      `${signed(bff.p50 - bare.p50)} (target ≤ +1)`,
      `${signed(bff.p99 - bare.p99)} (target ≤ +5)`,
      `${((bff.rps / bare.rps) * 100).toFixed(0)} % (target ≥ 70 %)`,
      connections,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runProxyBench()
    .then((result) => {
      for (const row of proxyRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
