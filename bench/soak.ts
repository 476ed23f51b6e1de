/**
 * bench/soak (`BENCH_SOAK_MINUTES`, default 0: skipped): the fault bench's two consoles under the
 * same load with nothing failing, reported as memory at the start and the end per process (the
 * consoles, and this process, which runs the emulator and the load).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { postgresUnavailableReason } from '../lib/server/db/testing-postgres';
import { redisUnavailableReason } from '../lib/server/testing/redis';
import { loadTargets, startFaultTeam, startLoad, type Answer } from './lib/fault-load';
import { consoleSession, ensureBuild } from './lib/servers';

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

export async function runSoakBench(minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 0)): Promise<SoakResult | null> {
  if (!(minutes > 0) || redisUnavailableReason() || postgresUnavailableReason()) return null;
  await ensureBuild();
  const team = await startFaultTeam('bench-soak');
  try {
    const sessions = await Promise.all(team.urls.map(consoleSession));
    const { keys, sources } = await loadTargets(sessions[0]!);
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

if (import.meta.url === `file://${process.argv[1]}`) {
  runSoakBench()
    .then((result) => {
      for (const row of soakRows(result)) console.log(row.join('  |  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
