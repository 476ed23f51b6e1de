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
import type { Team } from '../test/support/team';
import { FAULT_PORTS, HANG_MS, loadTargets, service, startFaultTeam, startLoad, type Answer } from './lib/fault-load';
import { consoleSession, ensureBuild, maxInWindow, root, type ConsoleSession } from './lib/servers';
import { emulatorControl, postAsUser, startWebhookReceiver, type ReceivedMessage } from './lib/webhook-receiver';

const FAULT_MS = Number(process.env.BENCH_FAULT_SECONDS ?? 20) * 1000;
const RECEIVER_PORT = FAULT_PORTS.receiver;
const SECRET = 'bench-faults-signing-secret';
/** How long a pipe stays failed after its phase's part is back, so the recovery is seen after it. */
const RECOVER_AFTER_MS = 15_000;
/** How long a phase waits for its recovery to be told before the next phase starts. */
const RESOLVED_WAIT_MS = 60_000;
const WINDOWS = { cloud: { limit: 10, ms: 10_000 }, observability: { limit: 100, ms: 60_000 } } as const;
export const RECOVERY_GOAL_MS = 5_000;

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
  const team = await startFaultTeam('bench-faults', (entry) => calls.push(entry));
  try {
    const sessions = await Promise.all(team.urls.map(consoleSession));
    const { keys, sources } = await loadTargets(sessions[0]!);
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
    .then((result) => {
      for (const row of faultRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
