/**
 * bench/notifications: rule evaluation for 1,000 pipes × 20 rules in one scrape (goal ≤ 20 ms);
 * and end to end, from a pipe failing upstream (the emulator's control route) to a webhook
 * receiver on loopback holding the signed message (goal ≤ one scrape interval + 5 s), against a
 * production build. `BENCH_NOTIFY_ROUNDS` shortens or lengthens the end-to-end part.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { PipeSample } from '../lib/pipes/metrics/parse';
import { RuleEvaluator, type EvalRule } from '../lib/server/notifications/evaluate';
import { RULE_EVENTS } from '../lib/schemas/notifications';
import { median } from './lib/browser';
import { BENCH, cloudUrl, consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

export const EVALUATION_GOAL_MS = 20;
/** The scrape interval the end-to-end part runs with. */
const INTERVAL_MS = 5_000;
export const DELIVERY_GOAL_MS = INTERVAL_MS + 5_000;
const PIPES = 1_000;
const RULES = 20;

export interface NotificationsBenchResult {
  evaluationMs: number[];
  /** The same rounds in CPU time: on a shared, busy machine the wall time includes waiting for a core. */
  evaluationCpuMs: number[];
  deliveryMs: number[];
  error?: string;
}

function syntheticPipes(round: number): PipeSample[] {
  return Array.from({ length: PIPES }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `pipe ${index}`,
    state: index % 50 === round % 50 ? 'Failed' : 'Running',
    fetchedEvents: round * 100 + (index % 7 === 0 ? 0 : index),
    sentEvents: round * 100,
    fetchedBytes: round * 1000,
    sentBytes: round * 1000,
    errors: round * (index % 13),
    replicationLagMiB: index % 300,
  }));
}

function syntheticRules(): EvalRule[] {
  const pipeEvents = RULE_EVENTS.filter((event) => event.startsWith('pipe_') || event === 'replication_lag');
  return Array.from({ length: RULES }, (_, index) => ({
    id: `rule-${index}`,
    event: pipeEvents[index % pipeEvents.length]!,
    threshold: 5 + index,
    forMinutes: index % 3,
    ...(index % 4 === 0
      ? {
          pipeIds: new Set(
            Array.from({ length: 100 }, (_, n) => `00000000-0000-4000-8000-${String(n * 10).padStart(12, '0')}`),
          ),
        }
      : {}),
  }));
}

export function measureEvaluation(result: NotificationsBenchResult): void {
  const evaluator = new RuleEvaluator();
  const rules = syntheticRules();
  for (let round = 0; round < 40; round++) {
    const pipes = syntheticPipes(round);
    const cpu = process.cpuUsage();
    const started = performance.now();
    evaluator.evaluate(rules, {
      at: round * 30_000,
      serviceId: 'svc',
      pipes,
      budgetRefusals: 0,
      contractMismatches: 0,
    });
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    // The first rounds warm the JIT.
    if (round >= 5) {
      result.evaluationMs.push(wall);
      result.evaluationCpuMs.push((used.user + used.system) / 1000);
    }
  }
}

async function post(path: string, cookie: string, body: unknown): Promise<{ data?: { id: string } }> {
  const response = await fetch(`${consoleUrl}${path}`, {
    method: 'POST',
    headers: { cookie, origin: consoleUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data?: { id: string } };
}

async function emulatorControl(path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${cloudUrl}/__emulator/${path}`, {
    method: 'POST',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`emulator ${path} answered ${response.status}`);
}

async function measureDelivery(result: NotificationsBenchResult): Promise<void> {
  const rounds = Number(process.env.BENCH_NOTIFY_ROUNDS) || 5;
  const waiting = new Map<string, (at: number) => void>();
  const receiver: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const at = performance.now();
      response.end('ok');
      const message = JSON.parse(body) as { state: string; pipe?: { id: string } };
      const key = `${message.pipe?.id}:${message.state}`;
      waiting.get(key)?.(at);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bench`;
  await ensureBuild();
  const servers = await startServers({
    NOTIFY_ALLOWED_HOSTS: '127.0.0.1',
    PIPE_METRICS_INTERVAL_MS: String(INTERVAL_MS),
  });
  try {
    const cookie = await signIn();
    const service = `/api/pipe-diagnosis/${BENCH.organizationId}/${BENCH.serviceId}`;
    await fetch(`${consoleUrl}${service}/access`, { method: 'POST', headers: { cookie, origin: consoleUrl } });
    const pipes = (await (
      await fetch(
        `${consoleUrl}/api/cloud/v1/organizations/${BENCH.organizationId}/services/${BENCH.serviceId}/datapipes`,
        { headers: { cookie } },
      )
    ).json()) as {
      result: { id: string; name: string; state: string }[];
    };
    const pipe = pipes.result.find((candidate) => candidate.state === 'Running')!;
    const channel = await post('/api/notifications/channels', cookie, {
      name: `bench ${Date.now()}`,
      type: 'webhook',
      url,
      secret: 'bench-signing-secret',
    });
    await post('/api/notifications/rules', cookie, {
      name: 'bench',
      event: 'pipe_failed',
      scope: { pipeIds: [pipe.id] },
      channelIds: [channel.data!.id],
    });
    const arrival = (state: string) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${state} message within 60 s`)), 60_000);
        waiting.set(`${pipe.id}:${state}`, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    for (let round = 0; round < rounds; round++) {
      const firing = arrival('firing');
      const started = performance.now();
      await emulatorControl(`pipes/${pipe.id}/fail`, { reason: `bench round ${round}` });
      result.deliveryMs.push(Math.round((await firing) - started));
      const resolved = arrival('resolved');
      await emulatorControl(`pipes/${pipe.id}/recover`);
      await resolved;
    }
  } finally {
    servers.stop();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

export async function runNotificationsBench(): Promise<NotificationsBenchResult> {
  const result: NotificationsBenchResult = { evaluationMs: [], evaluationCpuMs: [], deliveryMs: [] };
  measureEvaluation(result);
  try {
    await measureDelivery(result);
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}

export const notificationsOverGoal = (result: NotificationsBenchResult) =>
  median(result.evaluationMs) > EVALUATION_GOAL_MS ||
  (result.deliveryMs.length > 0 && median(result.deliveryMs) > DELIVERY_GOAL_MS);

export function notificationsRows(result: NotificationsBenchResult): string[][] {
  const evaluation = median(result.evaluationMs);
  const rows = [
    [
      `rule evaluation: ${PIPES} pipes × ${RULES} rules`,
      `${evaluation.toFixed(2)} ms`,
      '',
      `goal ≤ ${EVALUATION_GOAL_MS} ms`,
      `${evaluation <= EVALUATION_GOAL_MS ? 'met' : 'NOT met'}; one scrape's judgement in memory (CPU time ${median(result.evaluationCpuMs).toFixed(2)} ms), median of ${result.evaluationMs.length}`,
    ],
  ];
  if (result.deliveryMs.length === 0) {
    rows.push([
      'pipe failed → webhook received',
      'not measured',
      '',
      `goal ≤ ${DELIVERY_GOAL_MS / 1000} s`,
      result.error ?? '',
    ]);
    return rows;
  }
  const delivery = median(result.deliveryMs);
  rows.push([
    'pipe failed → webhook received',
    `${delivery} ms`,
    `runs ${result.deliveryMs.join(', ')}`,
    `goal ≤ ${DELIVERY_GOAL_MS / 1000} s`,
    `${delivery <= DELIVERY_GOAL_MS ? 'met' : 'NOT met'}; scrape interval ${INTERVAL_MS / 1000} s, signed webhook on loopback, median of ${result.deliveryMs.length}${result.error ? `; ${result.error}` : ''}`,
  ]);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runNotificationsBench()
    .then((result) => {
      for (const row of notificationsRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
