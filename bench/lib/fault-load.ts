/**
 * What bench/faults and bench/soak share: two consoles on one Redis and one Postgres beside an
 * emulator (started here on loopback, stopped by pid), and the steady team load they run under.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { RequestLogEntry } from '../../emulator/request-log';
import { startTeam, type Team } from '../../test/support/team';
import { BENCH, root, type ConsoleSession } from './servers';

const portOffset = Number(process.env.BENCH_PORT_OFFSET ?? 0) || 0;
/** Five ports in a row (the emulator takes two, a webhook receiver one), beside the team bench's. */
export const FAULT_PORTS = {
  consoles: [3260 + portOffset, 3261 + portOffset],
  emulator: 3262 + portOffset,
  receiver: 3264 + portOffset,
};
/** Scrapes often enough that a pipe's failure and recovery are seen within seconds. */
const PIPE_METRICS_INTERVAL_MS = 3_000;
/** Longer than any deadline of the BFF (queue 20 s + write 30 s): an answer slower than this is a hang. */
export const HANG_MS = 55_000;

export const org = `/api/cloud/v1/organizations/${BENCH.organizationId}`;
export const service = `${org}/services/${BENCH.serviceId}`;

export interface Answer {
  at: number;
  console: number;
  label: string;
  status: number;
  ms: number;
}

/** The two consoles, sharing Redis and Postgres, with a data folder of their own under .data/. */
export function startFaultTeam(dataDir: string, onRequest?: (entry: RequestLogEntry) => void): Promise<Team> {
  return startTeam({
    identity: { ...BENCH, sessionSecret: 'bench-session-secret-that-is-long-enough-0123' },
    consolePorts: FAULT_PORTS.consoles,
    emulatorPort: FAULT_PORTS.emulator,
    dataDir: `${root}/.data/${dataDir}`,
    env: {
      LOG_LEVEL: 'warn',
      PIPE_METRICS_INTERVAL_MS: String(PIPE_METRICS_INTERVAL_MS),
      NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    },
    shared: true,
    ...(onRequest ? { onRequest } : {}),
  });
}

/** The API keys the load renames and the sources its charts read. */
export async function loadTargets(session: ConsoleSession) {
  const read = async (path: string) =>
    (await fetch(`${session.base}${path}`, { headers: { cookie: session.cookie } })).json();
  const keys = ((await read(`${org}/keys`)) as { result: { id: string; name: string }[] }).result;
  const sources = ((await read('/api/observability/v2/sources')) as { data: { id: string }[] }).data;
  return { keys, sources };
}

/** The load: per console four pipe watchers (every 2 s), one dashboard of 5 tiles (every 10 s), one key renamer (every 5 s). */
export function startLoad(
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
