/**
 * bench/audit's measurements, in a process of their own started with the `react-server` condition
 * (the console's server modules refuse to load without it). Prints one JSON result.
 *   write  — what the audit log adds to a BFF write: define-route's `auditWrite` for a key change
 *            (the response read for the key's name, the insert awaited), p50/p99 of 2000.
 *   query  — the Audit page's query over 100k events: first page, each filter, all together, and
 *            a page deep in a user's history; median and p95 of 30 runs each.
 *   export — the CSV export of all 100k events.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { auditWrite } from '../../lib/server/audit/trail';
import { auditCsvRow } from '../../lib/server/audit/csv';
import { auditEventsMatching, queryAuditEvents } from '../../lib/server/audit/query';
import { migrate } from '../../lib/server/db/migrations';
import { openPgliteFolder } from '../../lib/server/db/pglite';
import { openPostgres } from '../../lib/server/db/postgres';
import { setConsoleDatabase } from '../../lib/server/db/shared';
import type { DirectDatabase } from '../../lib/server/db/types';
import type { AuditQuery } from '../../lib/schemas/audit';

export interface WorkerResult {
  database: string;
  write: { p50: number; p99: number; samples: number };
  queries: Array<{ name: string; median: number; p95: number; rows: number }>;
  /** The CSV export of every event, end to end (batches of 2000 rows). */
  exportMs: number;
  events: number;
}

const WRITES = 2_000;
const EVENTS = 100_000;
const QUERY_RUNS = 30;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
};
const round = (ms: number) => Math.round(ms * 1000) / 1000;

const KEY_ID = '9d3e5f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f';
const keyAnswer = JSON.stringify({
  status: 200,
  requestId: 'upstream',
  result: {
    id: KEY_ID,
    name: 'Warehouse loader',
    state: 'disabled',
    roles: ['developer'],
    keySuffix: 'ab12',
    ipAccessList: [],
  },
});

async function measureWrites(): Promise<WorkerResult['write']> {
  const url = `http://127.0.0.1:3000/api/cloud/v1/organizations/6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d/keys/${KEY_ID}`;
  const user = { name: 'alice', role: 'admin' as const, method: 'password' as const };
  const samples: number[] = [];
  for (let i = 0; i < WRITES + 200; i++) {
    const request = new Request(url, { method: 'PATCH', headers: { 'x-forwarded-for': '203.0.113.9' } });
    const response = new Response(keyAnswer, { status: 200, headers: { 'content-type': 'application/json' } });
    const start = performance.now();
    await auditWrite(request, `request-${i}`, { user, body: { state: 'disabled' } }, response);
    // The first 200 warm the JIT and the database's caches.
    if (i >= 200) samples.push(performance.now() - start);
  }
  return { p50: round(quantile(samples, 0.5)), p99: round(quantile(samples, 0.99)), samples: samples.length };
}

/** 100k events over 90 days: 50 users, every operation, one in ten a failure. */
async function seed(db: DirectDatabase): Promise<void> {
  await db.query('delete from audit_events');
  await db.query(
    `insert into audit_events (at, actor, actor_role, auth_method, operation, target_type, target_id, target_name, outcome, status, request_id, changes)
     select now() - (($1 - n) * interval '90 days' / $1),
            'user' || (n % 50),
            (array['viewer','editor','admin'])[1 + n % 3],
            (array['password','sso'])[1 + n % 2],
            (array['key.update','pipe.create','pipe.state','dashboard.update','alert.create','session.sign-in','pipe.delete','key.create'])[1 + n % 8],
            'Pipe', md5(n::text), 'Target ' || (n % 500),
            case when n % 10 = 0 then 'failure' else 'success' end,
            case when n % 10 = 0 then 403 else 200 end,
            md5('r' || n), 'state=disabled'
     from generate_series(1, $1) as n`,
    [EVENTS],
  );
  await db.query('analyze audit_events');
}

async function measureQueries(db: DirectDatabase): Promise<WorkerResult['queries']> {
  const [row] = await db.query<{ middle: string }>(
    'select (min(id) + (max(id) - min(id)) / 2)::text as middle from audit_events',
  );
  const middle = row!.middle;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const cases: Array<[string, AuditQuery]> = [
    ['newest page, no filter', {}],
    ['one user', { user: 'user7' }],
    ['one operation', { operation: 'pipe.state' }],
    ['one day, 45 days ago', { from: day(46), to: day(45) }],
    ['user + operation + 30 days', { user: 'user8', operation: 'key.update', from: day(60), to: day(30) }],
    ['a user, deep page', { user: 'user7', before: middle }],
  ];
  const results: WorkerResult['queries'] = [];
  for (const [name, query] of cases) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < QUERY_RUNS + 3; i++) {
      const start = performance.now();
      const page = await queryAuditEvents(db, query);
      if (i >= 3) times.push(performance.now() - start);
      rows = page.events.length;
    }
    results.push({ name, median: round(quantile(times, 0.5)), p95: round(quantile(times, 0.95)), rows });
  }
  return results;
}

async function measureExport(db: DirectDatabase): Promise<number> {
  const start = performance.now();
  let bytes = 0;
  for await (const batch of auditEventsMatching(db, {})) bytes += batch.map(auditCsvRow).join('').length;
  if (bytes === 0) throw new Error('the export produced nothing');
  return Math.round(performance.now() - start);
}

async function main(): Promise<void> {
  const postgresUrl = process.argv[2];
  const dir = mkdtempSync(path.join(tmpdir(), 'sluice-bench-audit-'));
  try {
    const db = postgresUrl ? await openPostgres(postgresUrl) : await openPgliteFolder(path.join(dir, 'db'));
    await migrate(db);
    setConsoleDatabase(db);
    const write = await measureWrites();
    await seed(db);
    const queries = await measureQueries(db);
    const exportMs = await measureExport(db);
    const database = postgresUrl ? 'Postgres (Debian, loopback)' : 'PGlite (embedded, on disk)';
    const result: WorkerResult = { database, write, queries, exportMs, events: EVENTS };
    process.stdout.write(`${JSON.stringify(result)}\n`);
    await db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
