/**
 * bench/notifications-failover: two consoles on one Postgres and one Redis (started here on
 * loopback, stopped by pid), a signed webhook channel pointing at a receiver this bench runs on
 * loopback, and a pipe_failed rule on two pipes. Every cycle (`BENCH_FAILOVER_CYCLE_MS`, default
 * 60 s) both pipes fail through the emulator's control route and recover half a cycle later, for
 * `BENCH_FAILOVER_MINUTES` (default 10). Halfway, once that cycle's failure has been sent, the
 * console holding the notification lease is SIGKILLed and started again. At the end, once the
 * outbox has drained (bounded): messages expected (one firing and one resolved per cycle per pipe)
 * vs received, distinct X-Sluice-Delivery ids, duplicates (goal 0) and lost (goal 0), the
 * signatures checked with the channel's secret, and the failover gap (no console holding the lease).
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { postgresUnavailableReason } from '../lib/server/db/testing-postgres';
import { redisUnavailableReason } from '../lib/server/testing/redis';
import { startTeam, type Team } from '../test/support/team';
import { BENCH, ensureBuild, root, signIn } from './lib/servers';
import { emulatorControl, postAsUser, startWebhookReceiver, type ReceivedMessage } from './lib/webhook-receiver';

const MINUTES = Number(process.env.BENCH_FAILOVER_MINUTES ?? 10);
const CYCLE_MS = Number(process.env.BENCH_FAILOVER_CYCLE_MS ?? 60_000);
/** Small, so that a failure is seen within seconds (and the lease renewed often). */
const INTERVAL_MS = 2_000;
/** How long the outbox gets to drain at the end: longer than a claim (60 s) left by a killed sender. */
const DRAIN_MS = 120_000;
const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;
// Five ports in a row (the emulator takes two, the receiver one), beside the fault bench's.
const CONSOLE_PORTS = [3270 + portOffset, 3271 + portOffset];
const EMULATOR_PORT = 3272 + portOffset;
const RECEIVER_PORT = 3274 + portOffset;
const SECRET = 'bench-failover-signing-secret';

export interface FailoverResult {
  minutes: number;
  cycleMs: number;
  cycles: number;
  pipes: number;
  /** Firing + resolved per cycle per pipe. */
  expected: number;
  received: number;
  distinctIds: number;
  /** The same X-Sluice-Delivery received again. */
  repeatedIds: number;
  /** The same pipe, cycle and state received again under another id. */
  repeatedMessages: number;
  /** Expected (pipe, cycle, state) never received. */
  lost: string[];
  badSignatures: number;
  /** Messages that belong to no cycle (e.g. a second incident opened for one failure). */
  unexpected: number;
  /** From the SIGKILL until the other console held the lease; null: not measured. */
  failoverGapMs: number | null;
  /** Deliveries still pending or sending when the bench stopped waiting. */
  undrained: number;
  skipped?: string;
  error?: string;
}

/**
 * The process owning a TCP socket on this machine with the given local port (`ss`, our own
 * processes only). The console does not say which of its kind holds the lease; the webhook's
 * sender does, and a console's server is the process listening on its port.
 */
function socketPid(port: number, state: 'established' | 'listening'): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile('ss', ['-tnpH', 'state', state, 'sport', '=', `:${port}`], (error, stdout) => {
      const pid = /pid=(\d+)/.exec(error ? '' : stdout)?.[1];
      resolve(pid ? Number(pid) : undefined);
    });
  });
}

/** The console holding the lease: the one whose server sent the newest webhook. */
async function leaseHolder(received: ReceivedMessage[]): Promise<number> {
  const sender = received.findLast((message) => message.senderPid !== undefined)?.senderPid;
  if (sender !== undefined)
    for (const [index, port] of CONSOLE_PORTS.entries())
      if ((await socketPid(port, 'listening')) === sender) return index;
  throw new Error('the console holding the lease could not be told from its webhooks (ss found no sender)');
}

async function currentHolder(db: pg.Client): Promise<string | null> {
  const rows = await db.query<{ holder: string }>(
    "select holder from notify_lease where name = 'notifications' and expires_at > now()",
  );
  return rows.rows[0]?.holder ?? null;
}

/** Which cycle a message belongs to: the latest whose failure (or recovery) came before it. */
function cycleOf(message: ReceivedMessage, start: number, cycles: number): number {
  const offset = message.state === 'resolved' ? CYCLE_MS / 2 : 0;
  const k = Math.floor((message.occurredAt - start - offset) / CYCLE_MS);
  return k >= 0 && k < cycles ? k : -1;
}

function tally(
  received: ReceivedMessage[],
  pipeIds: string[],
  start: number,
  cycles: number,
): Pick<
  FailoverResult,
  'received' | 'distinctIds' | 'repeatedIds' | 'repeatedMessages' | 'lost' | 'badSignatures' | 'unexpected'
> {
  const ids = new Map<string, number>();
  for (const message of received) ids.set(message.id, (ids.get(message.id) ?? 0) + 1);
  // One per distinct id: a repeated id is counted apart.
  const firstOfEach = [...new Map(received.map((message) => [message.id, message])).values()];
  const byKey = new Map<string, number>();
  let unexpected = 0;
  for (const message of firstOfEach) {
    const k = cycleOf(message, start, cycles);
    if (k < 0 || !pipeIds.includes(message.pipeId) || (message.state !== 'firing' && message.state !== 'resolved')) {
      unexpected++;
      continue;
    }
    const key = `${message.pipeId}|${k}|${message.state}`;
    byKey.set(key, (byKey.get(key) ?? 0) + 1);
  }
  const lost: string[] = [];
  for (const pipeId of pipeIds)
    for (let k = 0; k < cycles; k++)
      for (const state of ['firing', 'resolved'])
        if (!byKey.has(`${pipeId}|${k}|${state}`)) lost.push(`pipe ${pipeId.slice(0, 8)} cycle ${k + 1} ${state}`);
  return {
    received: received.length,
    distinctIds: ids.size,
    repeatedIds: [...ids.values()].reduce((sum, count) => sum + count - 1, 0),
    repeatedMessages: [...byKey.values()].reduce((sum, count) => sum + count - 1, 0),
    lost,
    badSignatures: received.filter((message) => !message.signed).length,
    unexpected,
  };
}

export async function runFailoverBench(): Promise<FailoverResult> {
  const cycles = Math.max(2, Math.round((MINUTES * 60_000) / CYCLE_MS));
  const empty: FailoverResult = {
    minutes: MINUTES,
    cycleMs: CYCLE_MS,
    cycles,
    pipes: 2,
    expected: cycles * 2 * 2,
    received: 0,
    distinctIds: 0,
    repeatedIds: 0,
    repeatedMessages: 0,
    lost: [],
    badSignatures: 0,
    unexpected: 0,
    failoverGapMs: null,
    undrained: 0,
  };
  const missing = redisUnavailableReason() ?? postgresUnavailableReason();
  if (missing) return { ...empty, skipped: missing };
  await ensureBuild();
  const received: ReceivedMessage[] = [];
  const dataDir = path.join(root, '.data', `bench-failover-${CONSOLE_PORTS[0]}`);
  const receiver = await startWebhookReceiver(RECEIVER_PORT, SECRET, received, (message, from) => {
    if (from) void socketPid(from, 'established').then((pid) => (message.senderPid = pid));
  });
  let team: Team | undefined;
  let db: pg.Client | undefined;
  try {
    team = await startTeam({
      identity: { ...BENCH, sessionSecret: 'bench-session-secret-that-is-long-enough-0123' },
      consolePorts: CONSOLE_PORTS,
      emulatorPort: EMULATOR_PORT,
      dataDir,
      env: { PIPE_METRICS_INTERVAL_MS: String(INTERVAL_MS), NOTIFY_ALLOWED_HOSTS: '127.0.0.1' },
    });
    db = new pg.Client({ connectionString: team.postgres!.url });
    await db.connect();
    const base = team.urls[0]!;
    const cookie = await signIn(base);
    const listed = (await (
      await fetch(`${base}/api/cloud/v1/organizations/${BENCH.organizationId}/services/${BENCH.serviceId}/datapipes`, {
        headers: { cookie },
      })
    ).json()) as {
      result: { id: string; state: string }[];
    };
    const pipeIds = listed.result
      .filter((pipe) => pipe.state === 'Running')
      .slice(0, 2)
      .map((pipe) => pipe.id);
    if (pipeIds.length < 2) throw new Error('the emulator has fewer than two running pipes');
    const channel = await postAsUser(base, cookie, '/api/notifications/channels', {
      name: 'failover bench',
      type: 'webhook',
      url: `http://127.0.0.1:${RECEIVER_PORT}/hook`,
      secret: SECRET,
    });
    await postAsUser(base, cookie, '/api/notifications/rules', {
      name: 'failover bench',
      event: 'pipe_failed',
      scope: { pipeIds },
      channelIds: [channel.data!.id],
    });

    const halfway = Math.floor(cycles / 2);
    const start = Date.now();
    let failoverGapMs: number | null = null;
    let failover: Promise<void> = Promise.resolve();
    for (let k = 0; k < cycles; k++) {
      const failAt = start + k * CYCLE_MS;
      await sleep(Math.max(0, failAt - Date.now()));
      for (const pipeId of pipeIds)
        await emulatorControl(team.emulator.cloudUrl, `pipes/${pipeId}/fail`, {
          reason: `failover bench cycle ${k + 1}`,
        });
      if (k === halfway) {
        // Killed mid-incident: after this cycle's failure went out (or a quarter cycle), before its recovery.
        const sentBy = failAt + CYCLE_MS / 4;
        while (
          Date.now() < sentBy &&
          !pipeIds.every((id) =>
            received.some((m) => m.pipeId === id && m.state === 'firing' && m.occurredAt >= failAt),
          )
        )
          await sleep(200);
        const holderIndex = await leaseHolder(received);
        const holderBefore = await currentHolder(db);
        const killedAt = Date.now();
        await team.consoles[holderIndex]!.kill();
        // Measured and restarted beside the cycles, which go on on time.
        const lease = db;
        const killed = team.consoles[holderIndex]!;
        failover = Promise.all([
          killed.start(),
          (async () => {
            while (Date.now() - killedAt < 120_000) {
              const holder = await currentHolder(lease);
              if (holder && holder !== holderBefore) return void (failoverGapMs = Date.now() - killedAt);
              await sleep(250);
            }
          })(),
        ]).then(() => undefined);
      }
      await sleep(Math.max(0, failAt + CYCLE_MS / 2 - Date.now()));
      for (const pipeId of pipeIds) await emulatorControl(team.emulator.cloudUrl, `pipes/${pipeId}/recover`);
    }
    // The last recovery is judged at the next scrapes; then the outbox drains (a killed sender's claim lapses after 60 s).
    await sleep(Math.max(0, start + cycles * CYCLE_MS - Date.now()));
    await failover;
    let undrained = 0;
    const drainDeadline = Date.now() + DRAIN_MS;
    for (;;) {
      const rows = await db.query<{ n: string }>(
        "select count(*) as n from notify_deliveries where status in ('pending', 'sending')",
      );
      undrained = Number(rows.rows[0]!.n);
      if (undrained === 0 || Date.now() > drainDeadline) break;
      await sleep(1_000);
    }
    // What the receiver held, for a look after a run that missed its goals.
    writeFileSync(
      path.join(dataDir, 'received.json'),
      JSON.stringify({ start, cycleMs: CYCLE_MS, pipeIds, received }, null, 1),
    );
    return { ...empty, ...tally(received, pipeIds, start, cycles), failoverGapMs, undrained };
  } catch (error) {
    return {
      ...empty,
      ...(received.length ? { received: received.length } : {}),
      error: error instanceof Error ? error.message : String(error),
    };
  } finally {
    await db?.end().catch(() => {});
    await team?.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

export function failoverOverGoal(result: FailoverResult): boolean {
  if (result.skipped) return false;
  return (
    Boolean(result.error) ||
    result.repeatedIds > 0 ||
    result.repeatedMessages > 0 ||
    result.lost.length > 0 ||
    result.badSignatures > 0 ||
    result.unexpected > 0
  );
}

export function failoverRows(result: FailoverResult): string[][] {
  const title = `notifications: 2 consoles, ${result.minutes} min, ${result.pipes} pipes fail/recover every ${result.cycleMs / 1000} s, lease holder killed halfway`;
  if (result.skipped) return [[title, 'skipped', '', '', result.skipped]];
  if (result.error) return [[title, 'not measured', '', '', result.error]];
  const duplicates = result.repeatedIds + result.repeatedMessages;
  return [
    [
      title,
      `${result.received} received of ${result.expected} expected`,
      `${result.distinctIds} distinct delivery ids; ${result.badSignatures} bad signatures; ${result.unexpected} outside any cycle`,
      `duplicates ${duplicates} (goal 0), lost ${result.lost.length} (goal 0)`,
      `${duplicates === 0 && result.lost.length === 0 ? 'met' : 'NOT met'}; same id twice ${result.repeatedIds}, same incident/state twice ${result.repeatedMessages}; failover gap ${
        result.failoverGapMs === null ? 'not measured' : `${(result.failoverGapMs / 1000).toFixed(1)} s`
      }; ${result.undrained} left in the outbox${result.lost.length ? `; lost: ${result.lost.slice(0, 6).join(', ')}` : ''}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runFailoverBench()
    .then((result) => {
      for (const row of failoverRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
