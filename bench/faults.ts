/**
 * bench/faults: two consoles on one Redis and one Postgres (started here on loopback, stopped by
 * pid) under a steady team load, while parts fail one after the other:
 *   redis     — Redis stopped for BENCH_FAULT_SECONDS (default 20), then started again (empty)
 *   postgres  — Postgres stopped as long, then started again on its data
 *   console   — the second console SIGKILLed, then started again
 *   upstream  — every cloud and observability call answered 503 for 1.5 × as long
 * During each: what users saw (answers by status, the slowest answer: no hang past the deadlines),
 * what /api/ready said, and the most upstream calls in any budget window. After each: time until
 * both consoles answer reads again and say ready (goal ≤ 5 s after the part is back). A pipe fails
 * as each of Redis, Postgres and the console goes away and recovers once it is back, with a webhook
 * channel on a receiver this bench runs: one firing and one resolved delivery expected per phase.
 * At the end (nothing lost is the goal): key renames that succeeded vs their audit events and their
 * history versions stored, and the deliveries expected vs received (distinct, and repeats).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { RequestLogEntry } from '../emulator/request-log';
import { postgresUnavailableReason } from '../lib/server/db/testing-postgres';
import { redisUnavailableReason } from '../lib/server/testing/redis';
import { startTeam, type Team } from '../test/support/team';
import { BENCH, consoleSession, ensureBuild, maxInWindow, root, type ConsoleSession } from './lib/servers';
import { emulatorControl, postAsUser, startWebhookReceiver, type ReceivedMessage } from './lib/webhook-receiver';

const FAULT_MS = Number(process.env.BENCH_FAULT_SECONDS ?? 20) * 1000;
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;
// Four ports in a row (the emulator takes two), beside the team bench's.
const CONSOLE_PORTS = [3260 + portOffset, 3261 + portOffset];
const EMULATOR_PORT = 3262 + portOffset;
const RECEIVER_PORT = 3264 + portOffset;
const SECRET = 'bench-faults-signing-secret';
/** Scrapes often enough that a pipe's failure and recovery are seen within seconds. */
const PIPE_METRICS_INTERVAL_MS = 3_000;
/** How long a pipe stays failed after its phase's part is back, so the recovery is seen after it. */
const RECOVER_AFTER_MS = 15_000;
/** How long a phase waits for its recovery to be told before the next phase starts. */
const RESOLVED_WAIT_MS = 60_000;
const WINDOWS = { cloud: { limit: 10, ms: 10_000 }, observability: { limit: 100, ms: 60_000 } } as const;
/** Longer than any deadline of the BFF (queue 20 s + write 30 s): an answer slower than this is a hang. */
const HANG_MS = 55_000;
export const RECOVERY_GOAL_MS = 5_000;

interface Answer {
  at: number;
  console: number;
  label: string;
  status: number;
  ms: number;
}

export interface FaultPhase {
  name: string;
  /** `status code` → count, for every answer users had while the part was away. */
  answers: Record<string, number>;
  slowestMs: number;
  /** `console n: status` → samples of /api/ready while the part was away. */
  ready: Record<string, number>;
  maxInWindow: { cloud: number; observability: number };
  /** From the part being back to both consoles reading and ready again; null: not within 60 s. */
  recoveryMs: number | null;
}

export interface FaultBenchResult {
  phases: FaultPhase[];
  audit: { renamed: number; stored: number };
  /** Versions of the renamed keys written by Sluice, vs the renames that succeeded. */
  history: { renamed: number; stored: number };
  /** One firing and one resolved per phase with a pipe failure; received: distinct deliveries of those. */
  notifications: { expected: number; received: number; repeats: number; missing: string[]; slowestMs: number };
  skipped?: string;
}

const NOTHING = { expected: 0, received: 0, repeats: 0, missing: [], slowestMs: 0 };

const org = `/api/cloud/v1/organizations/${BENCH.organizationId}`;
const service = `${org}/services/${BENCH.serviceId}`;

/** The load: per console four pipe watchers (every 2 s), one dashboard of 5 tiles (every 10 s), one key renamer (every 5 s). */
function startLoad(
  sessions: ConsoleSession[],
  keys: { id: string; name: string }[],
  sources: { id: string }[],
  answers: Answer[],
  renamed: { count: number; keyIds: Set<string> },
) {
  let running = true;
  const call = async (index: number, label: string, method: string, path: string, body?: unknown) => {
    const s = sessions[index]!;
    const started = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${s.base}${path}`, {
        method,
        headers: {
          cookie: s.cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json', origin: s.base }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(HANG_MS),
      });
      await response.text();
      status = response.status;
    } catch {
      status = 0;
    }
    answers.push({ at: Date.now(), console: index, label, status, ms: performance.now() - started });
    return status;
  };
  const every = async (ms: number, step: () => Promise<void>) => {
    await sleep(Math.random() * ms);
    while (running) {
      const started = Date.now();
      await step();
      await sleep(Math.max(0, ms - (Date.now() - started)));
    }
  };
  const loops: Promise<void>[] = [];
  for (const index of sessions.keys()) {
    for (let u = 0; u < 4; u++)
      loops.push(every(2_000, async () => void (await call(index, 'pipes', 'GET', `${service}/datapipes`))));
    loops.push(
      every(10_000, async () => {
        const now = Date.now();
        await Promise.all(
          Array.from({ length: 5 }, (_, tile) =>
            call(index, 'chart', 'POST', '/api/observability/v2/charts/series', {
              startTime: now - 3_600_000,
              endTime: now,
              granularity: '1m',
              series: [
                {
                  sourceId: sources[tile % sources.length]!.id,
                  aggFn: 'count',
                  where: `ServiceName:svc-${tile}`,
                  groupBy: [],
                },
              ],
            }),
          ),
        );
      }),
    );
    let round = 0;
    loops.push(
      every(5_000, async () => {
        const key = keys[index % keys.length]!;
        round++;
        const status = await call(index, 'rename key', 'PATCH', `${org}/keys/${key.id}`, {
          name: `${key.name.slice(0, 40)} ${index}.${round}`,
        });
        if (status >= 200 && status < 300) {
          renamed.count++;
          renamed.keyIds.add(key.id);
        }
      }),
    );
  }
  return async () => {
    running = false;
    await Promise.all(loops);
  };
}

/** Samples /api/ready of each console every 500 ms until stopped. */
function sampleReady(team: Team, into: Record<string, number>) {
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(
        team.urls.map(async (url, index) => {
          const status = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(3_000) }).then(
            (r) => String(r.status),
            () => 'no answer',
          );
          const label = `console ${index + 1}: ${status}`;
          into[label] = (into[label] ?? 0) + 1;
        }),
      );
      await sleep(500);
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** Milliseconds from now until both consoles read the pipes and say ready; null after 60 s. */
async function timeToRecover(sessions: ConsoleSession[]): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const ok = await Promise.all(
      sessions.map(async (s) => {
        const ready = await fetch(`${s.base}/api/ready`, { signal: AbortSignal.timeout(2_000) }).then(
          (r) => r.status === 200,
          () => false,
        );
        if (!ready) return false;
        return fetch(`${s.base}${service}/datapipes`, {
          headers: { cookie: s.cookie },
          signal: AbortSignal.timeout(10_000),
        }).then(
          (r) => r.status === 200,
          () => false,
        );
      }),
    );
    if (ok.every(Boolean)) return Date.now() - started;
    await sleep(250);
  }
  return null;
}

async function phase(
  name: string,
  team: Team,
  sessions: ConsoleSession[],
  answers: Answer[],
  calls: RequestLogEntry[],
  fault: { start(): Promise<void>; end(): Promise<void> },
  pipe?: PipeIncident,
): Promise<FaultPhase> {
  const ready: Record<string, number> = {};
  await pipe?.fail();
  const from = Date.now();
  const stopSampling = sampleReady(team, ready);
  await fault.start();
  await sleep(name === 'upstream' ? FAULT_MS * 1.5 : FAULT_MS);
  await stopSampling();
  await fault.end();
  const back = Date.now();
  const recoveryMs = await timeToRecover(sessions);
  await pipe?.recover();
  // Answers to calls made while the part was away, whenever they came.
  const during = answers.filter((a) => a.at - a.ms >= from && a.at - a.ms < back);
  const counts: Record<string, number> = {};
  for (const a of during)
    counts[`${a.status || 'no answer'} ${a.label}`] = (counts[`${a.status || 'no answer'} ${a.label}`] ?? 0) + 1;
  const upstreamTimes = (surface: 'cloud' | 'observability') =>
    calls
      .filter((c) => c.surface === surface && Date.parse(c.at) >= from - WINDOWS[surface].ms)
      .map((c) => Date.parse(c.at));
  // Let the last answers of the phase come in before the next fault starts.
  await sleep(3_000);
  return {
    name,
    answers: counts,
    slowestMs: Math.max(0, ...during.map((a) => a.ms)),
    ready,
    maxInWindow: {
      cloud: maxInWindow(upstreamTimes('cloud'), WINDOWS.cloud.ms),
      observability: maxInWindow(upstreamTimes('observability'), WINDOWS.observability.ms),
    },
    recoveryMs,
  };
}

export async function runFaultBench(): Promise<FaultBenchResult> {
  const missing = redisUnavailableReason() ?? postgresUnavailableReason();
  if (missing)
    return {
      phases: [],
      audit: { renamed: 0, stored: 0 },
      history: { renamed: 0, stored: 0 },
      notifications: NOTHING,
      skipped: missing,
    };
  await ensureBuild();
  const calls: RequestLogEntry[] = [];
  const received: ReceivedMessage[] = [];
  const receiver = await startWebhookReceiver(RECEIVER_PORT, SECRET, received);
  const team = await startTeam({
    identity: { ...BENCH, sessionSecret: 'bench-session-secret-that-is-long-enough-0123' },
    consolePorts: CONSOLE_PORTS,
    emulatorPort: EMULATOR_PORT,
    dataDir: `${root}/.data/bench-faults`,
    env: {
      LOG_LEVEL: 'warn',
      PIPE_METRICS_INTERVAL_MS: String(PIPE_METRICS_INTERVAL_MS),
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    },
    shared: true,
    onRequest: (entry) => calls.push(entry),
  });
  try {
    const sessions = await Promise.all(team.urls.map(consoleSession));
    const keys = (
      (await (await fetch(`${sessions[0]!.base}${org}/keys`, { headers: { cookie: sessions[0]!.cookie } })).json()) as {
        result: { id: string; name: string }[];
      }
    ).result;
    const sources = (
      (await (
        await fetch(`${sessions[0]!.base}/api/observability/v2/sources`, { headers: { cookie: sessions[0]!.cookie } })
      ).json()) as { data: { id: string }[] }
    ).data;
    const { base, cookie } = sessions[0]!;
    const pipes = (
      (await (await fetch(`${base}${service}/datapipes`, { headers: { cookie } })).json()) as {
        result: { id: string; state: string }[];
      }
    ).result;
    const pipeId = pipes.find((pipe) => pipe.state === 'Running')?.id;
    if (!pipeId) throw new Error('the emulator has no running pipe');
    const channel = await postAsUser(base, cookie, '/api/notifications/channels', {
      name: 'fault bench',
      type: 'webhook',
      url: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
      secret: SECRET,
    });
    await postAsUser(base, cookie, '/api/notifications/rules', {
      name: 'fault bench',
      event: 'pipe_failed',
      scope: { pipeIds: [pipeId] },
      channelIds: [channel.data!.id],
    });
    const incidents: Incident[] = [];
    const incident = (name: string): PipeIncident => ({
      fail: async () => {
        incidents.push({ phase: name, failedAt: Date.now(), recoveredAt: Number.POSITIVE_INFINITY });
        await emulatorControl(team.emulator.cloudUrl, `pipes/${pipeId}/fail`, { reason: `fault bench: ${name} away` });
      },
      recover: async () => {
        await sleep(RECOVER_AFTER_MS);
        const current = incidents.at(-1)!;
        current.recoveredAt = Date.now();
        await emulatorControl(team.emulator.cloudUrl, `pipes/${pipeId}/recover`);
        // The next phase fails the pipe again only once this recovery was told (or a minute passed):
        // a failure straight after a recovery would read as one incident.
        const until = Date.now() + RESOLVED_WAIT_MS;
        while (
          Date.now() < until &&
          !received.some((m) => m.state === 'resolved' && m.occurredAt >= current.recoveredAt)
        )
          await sleep(250);
      },
    });
    const answers: Answer[] = [];
    const renamed = { count: 0, keyIds: new Set<string>() };
    const stopLoad = startLoad(sessions, keys, sources, answers, renamed);
    await sleep(5_000);
    const phases: FaultPhase[] = [];
    const control = `${team.emulator.cloudUrl}/__emulator/faults`;
    phases.push(
      await phase(
        'redis',
        team,
        sessions,
        answers,
        calls,
        { start: () => team.redis!.stop(), end: () => team.redis!.start() },
        incident('redis'),
      ),
    );
    phases.push(
      await phase(
        'postgres',
        team,
        sessions,
        answers,
        calls,
        { start: () => team.postgres!.pause(), end: () => team.postgres!.resume() },
        incident('postgres'),
      ),
    );
    phases.push(
      await phase(
        'console',
        team,
        sessions,
        answers,
        calls,
        { start: () => team.consoles[1]!.kill(), end: () => team.consoles[1]!.start() },
        incident('console'),
      ),
    );
    phases.push(
      await phase('upstream', team, sessions, answers, calls, {
        start: async () => {
          // One fault store serves both surfaces; control paths are answered before faults.
          await fetch(control, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ path: 're:^/', status: 503 }),
          });
        },
        end: async () => void (await fetch(control, { method: 'DELETE' })),
      }),
    );
    await stopLoad();
    // Events kept while Postgres was away are written within a retry (≤ 5 s).
    const client = new pg.Client({ connectionString: team.postgres!.url });
    await client.connect();
    let stored = 0;
    for (let tries = 0; tries < 40; tries++) {
      const result = await client.query<{ n: string }>(
        "select count(*) as n from audit_events where operation = 'key.update' and outcome = 'success'",
      );
      stored = Number(result.rows[0]?.n ?? 0);
      if (stored >= renamed.count) break;
      await sleep(250);
    }
    // Versions kept while Postgres was away are written within a retry, like the audit events.
    let versions = 0;
    for (let tries = 0; tries < 40; tries++) {
      const result = await client.query<{ n: string }>(
        "select count(*) as n from history_versions where kind = 'keys' and source = 'sluice' and object_id = any($1)",
        [[...renamed.keyIds]],
      );
      versions = Number(result.rows[0]?.n ?? 0);
      if (versions >= renamed.count) break;
      await sleep(250);
    }
    await client.end();
    const notifications = await awaitDeliveries(incidents, received);
    // What the receiver held, for a look after a run that missed its goal.
    writeFileSync(
      path.join(root, '.data', 'bench-faults', 'received.json'),
      JSON.stringify({ incidents, received }, null, 2),
    );
    return {
      phases,
      audit: { renamed: renamed.count, stored },
      history: { renamed: renamed.count, stored: versions },
      notifications,
    };
  } finally {
    await team.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

interface Incident {
  phase: string;
  failedAt: number;
  recoveredAt: number;
}

interface PipeIncident {
  /** Before the part goes away. */
  fail(): Promise<void>;
  /** Once the consoles have recovered from it. */
  recover(): Promise<void>;
}

/** How long the deliveries get to arrive after the last recovery: back-off after an outage included. */
const DELIVERY_WAIT_MS = 90_000;

/** Waits (bounded) for each incident's firing and resolved message; counts what came and what did not. */
async function awaitDeliveries(incidents: Incident[], received: ReceivedMessage[]) {
  // A phase's firing comes between its failure and its recovery, its resolved before the next failure.
  const expected = incidents.flatMap((i, n) => [
    { label: `${i.phase} firing`, state: 'firing', from: i.failedAt, to: i.recoveredAt },
    {
      label: `${i.phase} resolved`,
      state: 'resolved',
      from: i.recoveredAt,
      to: incidents[n + 1]?.failedAt ?? Number.POSITIVE_INFINITY,
    },
  ]);
  const arrived = (e: (typeof expected)[number]) =>
    received.some((m) => m.state === e.state && m.occurredAt >= e.from - 1_000 && m.occurredAt < e.to);
  const until = Date.now() + DELIVERY_WAIT_MS;
  while (Date.now() < until && !expected.every(arrived)) await sleep(500);
  const distinct = new Set(received.map((m) => m.id)).size;
  // From the pipe's change to its message arriving, for each message that came.
  const delays = expected.flatMap((e) => {
    const message = received.find((m) => m.state === e.state && m.occurredAt >= e.from - 1_000 && m.occurredAt < e.to);
    return message ? [message.arrivedAt - e.from] : [];
  });
  return {
    expected: expected.length,
    received: expected.filter(arrived).length,
    repeats: received.length - distinct,
    missing: expected.filter((e) => !arrived(e)).map((e) => e.label),
    slowestMs: Math.max(0, ...delays),
  };
}

export interface SoakResult {
  minutes: number;
  /** Per process: resident memory and used heap in MiB, at the start of the load and at its end. */
  memory: { process: string; rssStart: number; rssEnd: number; heapStart: number; heapEnd: number }[];
  answers: Record<string, number>;
}

const MIB = 2 ** 20;

async function consoleMemory(url: string): Promise<{ rss: number; heap: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = (name: string) =>
    Number(
      text
        .split('\n')
        .find((line) => line.startsWith(`${name} `))
        ?.split(' ')[1] ?? Number.NaN,
    ) / MIB;
  return { rss: value('sluice_process_resident_memory_bytes'), heap: value('sluice_nodejs_heap_size_used_bytes') };
}

/**
 * bench/soak (`BENCH_SOAK_MINUTES`, default 0: skipped): the same two consoles under the same load
 * with nothing failing, reported as memory at the start and the end per process (the consoles, and
 * this process, which runs the emulator and the load).
 */
export async function runSoakBench(minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 0)): Promise<SoakResult | null> {
  if (!(minutes > 0) || redisUnavailableReason() || postgresUnavailableReason()) return null;
  await ensureBuild();
  const team = await startTeam({
    identity: { ...BENCH, sessionSecret: 'bench-session-secret-that-is-long-enough-0123' },
    consolePorts: CONSOLE_PORTS,
    emulatorPort: EMULATOR_PORT,
    dataDir: `${root}/.data/bench-soak`,
    env: {
      LOG_LEVEL: 'warn',
      PIPE_METRICS_INTERVAL_MS: String(PIPE_METRICS_INTERVAL_MS),
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    },
    shared: true,
  });
  try {
    const sessions = await Promise.all(team.urls.map(consoleSession));
    const keys = (
      (await (await fetch(`${sessions[0]!.base}${org}/keys`, { headers: { cookie: sessions[0]!.cookie } })).json()) as {
        result: { id: string; name: string }[];
      }
    ).result;
    const sources = (
      (await (
        await fetch(`${sessions[0]!.base}/api/observability/v2/sources`, { headers: { cookie: sessions[0]!.cookie } })
      ).json()) as { data: { id: string }[] }
    ).data;
    const answers: Answer[] = [];
    const stopLoad = startLoad(sessions, keys, sources, answers, { count: 0, keyIds: new Set<string>() });
    // The first minute warms every cache and pool; memory from then on is what the soak watches.
    await sleep(Math.min(60_000, minutes * 30_000));
    const ownStart = process.memoryUsage();
    const start = await Promise.all(team.urls.map(consoleMemory));
    await sleep(minutes * 60_000);
    const end = await Promise.all(team.urls.map(consoleMemory));
    const ownEnd = process.memoryUsage();
    await stopLoad();
    const counts: Record<string, number> = {};
    for (const a of answers)
      counts[String(a.status || 'no answer')] = (counts[String(a.status || 'no answer')] ?? 0) + 1;
    return {
      minutes,
      memory: [
        ...team.urls.map((_, i) => ({
          process: `console ${i + 1}`,
          rssStart: start[i]!.rss,
          rssEnd: end[i]!.rss,
          heapStart: start[i]!.heap,
          heapEnd: end[i]!.heap,
        })),
        {
          process: 'emulator and load',
          rssStart: ownStart.rss / MIB,
          rssEnd: ownEnd.rss / MIB,
          heapStart: ownStart.heapUsed / MIB,
          heapEnd: ownEnd.heapUsed / MIB,
        },
      ],
      answers: counts,
    };
  } finally {
    await team.stop();
  }
}

export function soakRows(result: SoakResult | null): string[][] {
  if (!result) return [['soak', 'skipped', '', '', 'BENCH_SOAK_MINUTES=0']];
  const mib = (n: number) => `${Math.round(n)} MiB`;
  return result.memory.map((m) => [
    `soak ${result.minutes} min: ${m.process}`,
    `RSS ${mib(m.rssStart)} → ${mib(m.rssEnd)}`,
    `heap ${mib(m.heapStart)} → ${mib(m.heapEnd)}`,
    Object.entries(result.answers)
      .map(([k, v]) => `${v}× ${k}`)
      .join(', '),
    '',
  ]);
}

const seconds = (ms: number | null) => (ms === null ? 'not within 60 s' : `${(ms / 1000).toFixed(1)} s`);

export function faultRows(result: FaultBenchResult): string[][] {
  if (result.skipped) return [['faults', 'skipped', '', '', result.skipped]];
  return [
    ...result.phases.map((p) => [
      `faults: ${p.name} away`,
      `recovered in ${seconds(p.recoveryMs)} (goal ≤ 5 s)`,
      `slowest answer ${seconds(p.slowestMs)}; ${Object.entries(p.answers)
        .map(([k, v]) => `${v}× ${k}`)
        .join(', ')}`,
      `upstream max/window: cloud ${p.maxInWindow.cloud}/${WINDOWS.cloud.limit}, observability ${p.maxInWindow.observability}/${WINDOWS.observability.limit}`,
      `ready: ${Object.entries(p.ready)
        .map(([k, v]) => `${v}× ${k}`)
        .join(', ')}`,
    ]),
    [
      'faults: audit',
      '',
      `${result.audit.renamed} key renames succeeded, ${result.audit.stored} audit events stored (goal: all)`,
      '',
      '',
    ],
    [
      'faults: history',
      '',
      `${result.history.renamed} key renames succeeded, ${result.history.stored} versions by Sluice stored (goal: all)`,
      '',
      '',
    ],
    [
      'faults: notifications',
      '',
      `${result.notifications.received} of ${result.notifications.expected} deliveries received (goal: all); ${result.notifications.repeats} repeats; slowest ${seconds(result.notifications.slowestMs)} from the pipe's change`,
      result.notifications.missing.length ? `missing: ${result.notifications.missing.join(', ')}` : '',
      '',
    ],
  ];
}

export function faultsOverGoal(result: FaultBenchResult): boolean {
  if (result.skipped) return false;
  return (
    result.audit.stored < result.audit.renamed ||
    result.history.stored < result.history.renamed ||
    result.notifications.received < result.notifications.expected ||
    result.phases.some(
      (p) =>
        p.recoveryMs === null ||
        p.recoveryMs > RECOVERY_GOAL_MS ||
        p.slowestMs >= HANG_MS ||
        p.maxInWindow.cloud > WINDOWS.cloud.limit ||
        p.maxInWindow.observability > WINDOWS.observability.limit,
    )
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runFaultBench()
    .then(async (result) => {
      for (const row of faultRows(result)) console.log(row.join('  |  '));
      for (const row of soakRows(await runSoakBench())) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
