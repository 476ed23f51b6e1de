import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@/lib/auth/roles';
import type { UsersStore } from '@/lib/local/users-store';
import { setConsoleDatabase } from './db/shared';
import { openTestDatabase } from './db/testing';
import type { Database } from './db/types';
import { resetEnvCache } from './env';
import { setKnownServicesForTests } from './service-membership';
import { consoleUsers } from './users';
import { clearSessionCaches, SESSION_COOKIE, sealSession } from './session';

/** Shared by the unit tests of the BFF; not imported by application code. */

export const ORIGIN = 'http://localhost:3000';
export const ORG_ID = '6a0b3c1e-2d4f-4a5b-8c9d-0e1f2a3b4c5d';
export const SERVICE_ID = '7b1c4d2f-3e5a-4b6c-9d0e-1f2a3b4c5d6e';

export interface Hit {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StubHandler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export interface StubServer {
  url: string;
  hits: Hit[];
  handle: (handler: StubHandler) => void;
  close: () => Promise<void>;
}

/** A tiny upstream on a loopback port whose answers each test scripts. */
export async function startStub(initial: StubHandler = (_req, res) => res.end('{}')): Promise<StubServer> {
  let handler = initial;
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      hits.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      handler(request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const dataDirs: string[] = [];

/** Removes the data folders `configureTestEnvironment` made. */
export function removeTestDataDirs(): void {
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Points the BFF at `upstream` with fresh data folder, secrets and caches. */
export function configureTestEnvironment(upstreamUrl: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sluice-test-'));
  dataDirs.push(dir);
  Object.assign(process.env, {
    SLUICE_DATA_DIR: dir,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    CLOUD_API_URL: upstreamUrl,
    CLOUD_API_KEY_ID: 'test-key-id',
    CLOUD_API_KEY_SECRET: 'test-key-secret',
    CLOUD_ORGANIZATION_ID: ORG_ID,
    CLOUD_SERVICE_ID: SERVICE_ID,
    OBSERVABILITY_API_URL: upstreamUrl,
    OBSERVABILITY_API_KEY: 'test-oss-key',
  });
  delete process.env.CONSOLE_ADMIN_PASSWORD;
  resetEnvCache();
  clearSessionCaches();
  // The organization has the test service; a test of a foreign one sets its own list.
  setKnownServicesForTests([SERVICE_ID]);
  return dir;
}

let testDatabase: Promise<Database> | undefined;

/** The file's in-memory database (users, audit log), put in place as the console's on first use. */
export function installTestDatabase(): Promise<Database> {
  testDatabase ??= openTestDatabase().then((db) => {
    setConsoleDatabase(db);
    return db;
  });
  return testDatabase;
}

/** The users store the BFF under test sees. */
export async function testUsers(): Promise<UsersStore> {
  await installTestDatabase();
  return consoleUsers();
}

const cookies = new Map<string, string>();

/** A valid session cookie for a user of that role, creating the user on first use. */
export async function sessionCookieFor(role: Role, name: string = `${role}-user`): Promise<string> {
  const key = `${process.env.SLUICE_DATA_DIR}|${name}`;
  const existing = cookies.get(key);
  if (existing) return existing;
  const users = await testUsers();
  if (!(await users.lookup(name))) await users.add(name, role, `${name}-password`);
  const known = await users.lookup(name);
  if (!known) throw new Error(`test user ${name} was not stored`);
  const cookie = `${SESSION_COOKIE}=${await sealSession(known)}`;
  cookies.set(key, cookie);
  return cookie;
}

export interface TestRequestInit {
  method?: string;
  body?: string | Uint8Array | ReadableStream<Uint8Array>;
  json?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** `null` sends no Origin header. */
  origin?: string | null;
}

export function testRequest(pathname: string, init: TestRequestInit = {}): Request {
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { ...init.headers };
  if (init.cookie) headers.cookie = init.cookie;
  const origin = init.origin === undefined ? ORIGIN : init.origin;
  if (origin !== null && method !== 'GET') headers.origin = origin;
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  return new Request(`${ORIGIN}${pathname}`, {
    method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export function routeContext<P extends Record<string, string>>(params: P): { params: Promise<P> } {
  return { params: Promise.resolve(params) };
}

export async function readJson(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** Sends `init` to a route handler, signed in as `role` when given. */
export async function callRoute(
  handler: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>,
  pathname: string,
  params: Record<string, string>,
  init: TestRequestInit & { role?: Role },
): Promise<Response> {
  const cookie = init.role ? await sessionCookieFor(init.role) : init.cookie;
  return handler(testRequest(pathname, { ...init, cookie }), routeContext(params));
}

/**
 * A stub upstream for the whole test file, answering a cloud envelope by default and with its
 * hits cleared before each test.
 */
export function stubUpstreamForFile(): { readonly stub: StubServer } {
  const holder: { stub?: StubServer } = {};
  beforeAll(async () => {
    holder.stub = await startStub();
    configureTestEnvironment(holder.stub.url);
    await installTestDatabase();
  });
  afterAll(async () => {
    await holder.stub?.close();
    removeTestDataDirs();
  });
  beforeEach(() => {
    const stub = holder.stub!;
    stub.hits.length = 0;
    stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'upstream-request', result: { ok: true } }));
  });
  return {
    get stub() {
      return holder.stub!;
    },
  };
}
