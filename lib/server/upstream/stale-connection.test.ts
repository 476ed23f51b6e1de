/**
 * A write that waited in the budget queue meets a pooled connection the upstream had already closed.
 * The upstream here is a real HTTP/1.1 server on loopback, written on raw sockets so the moment of
 * its close is in the test's hands: it keeps a connection alive for `keepAliveMs` without saying so
 * (as load balancers do), and a call arriving on a connection idle for longer is treated as arriving
 * after the close: the connection is shut (FIN) or reset (RST) without reading it — what a client
 * sees when the server's close is still on the wire as its call goes out.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { useSharedStore } from '../shared-state';
import { MemoryStore } from '../shared-state/memory-store';
import { pooledAgent } from './connection-reuse';
import { configureUpstreamHttp, resetUpstreamHttp, upstreamRequest, UpstreamError } from './http';
import { resetBudgetQueues } from './scheduler';

vi.stubEnv('SLUICE_CONTRACT_RECORD_DIR', '');

type Closing = 'fin' | 'rst';

interface Upstream {
  url: string;
  /** Every call the server read to its end, as `METHOD path`. */
  received: string[];
  /** Connections the server shut under an arriving call. */
  shut: number;
  connections: number;
  close(): Promise<void>;
}

interface UpstreamOptions {
  keepAliveMs: number;
  closing: Closing;
  /** How the server treats a call it read: answer it, or (`cut`) send the headers and drop the connection. */
  answer?: (method: string) => 'answer' | 'cut' | 'drop';
}

async function startUpstream(options: UpstreamOptions): Promise<Upstream> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const upstream = { url: '', received, shut: 0, connections: 0, close: async () => {} };
  const server: Server = createServer((socket) => {
    upstream.connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    let idleSince: number | undefined;
    socket.on('data', (chunk: Buffer) => {
      if (idleSince !== undefined && Date.now() - idleSince > options.keepAliveMs && buffered.length === 0) {
        upstream.shut += 1;
        if (options.closing === 'rst') socket.resetAndDestroy();
        else socket.destroy();
        return;
      }
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      const head = buffered.subarray(0, end).toString('latin1');
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffered.length < end + 4 + length) return;
      buffered = buffered.subarray(end + 4 + length);
      const [method = '', path = ''] = head.split(' ');
      received.push(`${method} ${path}`);
      const verdict = options.answer?.(method) ?? 'answer';
      if (verdict === 'drop') return void socket.destroy();
      const body = JSON.stringify({ status: 200, requestId: 'r', result: { method } });
      const headers = `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\nconnection: keep-alive\r\n\r\n`;
      if (verdict === 'cut') {
        socket.write(headers + body.slice(0, 5));
        return void socket.destroy();
      }
      socket.write(headers + body);
      idleSince = Date.now();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return upstream;
}

const cloud = (baseUrl: string): UpstreamConfig => ({
  name: 'cloud',
  baseUrl,
  authorization: 'Basic dGVzdA==',
  mode: 'remote',
});
const keys = '/v1/organizations/o/keys';

let upstream: Upstream | undefined;
let pool: Dispatcher;

beforeEach(() => {
  // One call per 300 ms: the write after a read waits in the queue longer than the server keeps its connection.
  vi.stubEnv('CLOUD_API_BUDGET', '1/300ms');
  useSharedStore(new MemoryStore());
  resetBudgetQueues();
  // The client keeps idle connections far longer than this server does, as a pool cannot know an unannounced
  // limit; one connection, so the write goes on the one the read used.
  pool = pooledAgent({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 1 });
  configureUpstreamHttp({ dispatcher: pool, writeTimeoutMs: 3_000, readTimeoutMs: 3_000 });
});

afterEach(async () => {
  resetUpstreamHttp();
  vi.unstubAllEnvs();
  await upstream?.close();
  upstream = undefined;
  await pool.close();
});

async function readThenQueuedWrite(target: Upstream): Promise<unknown> {
  await upstreamRequest({ upstream: cloud(target.url), method: 'GET', path: keys, cache: false });
  return upstreamRequest({ upstream: cloud(target.url), method: 'POST', path: keys, body: { name: 'k' } }).then(
    (result) => result.data,
    (error: unknown) => error,
  );
}

describe('a queued write on a connection the upstream closed meanwhile', () => {
  it.each<Closing>(['fin', 'rst'])(
    'goes again on a new connection when the close (%s) came before the upstream read it',
    async (closing) => {
      upstream = await startUpstream({ keepAliveMs: 50, closing });
      const answer = await readThenQueuedWrite(upstream);
      expect(answer).toEqual({ status: 200, requestId: 'r', result: { method: 'POST' } });
      // The write met the closed connection once, and the upstream read it exactly once, on a new one.
      expect(upstream.shut).toBe(1);
      expect(upstream.received).toEqual(['GET /v1/organizations/o/keys', 'POST /v1/organizations/o/keys']);
      expect(upstream.connections).toBe(2);
    },
  );

  it('is never sent twice when the upstream read it and dropped the connection without an answer', async () => {
    // A connection used for the first time: a reset there may come after the upstream acted on the call.
    upstream = await startUpstream({
      keepAliveMs: 60_000,
      closing: 'fin',
      answer: (method) => (method === 'POST' ? 'drop' : 'answer'),
    });
    const failure = await upstreamRequest({
      upstream: cloud(upstream.url),
      method: 'POST',
      path: keys,
      body: { name: 'k' },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect((failure as UpstreamError).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(upstream.received).toEqual(['POST /v1/organizations/o/keys']);
  });

  it('is never sent twice once part of an answer came', async () => {
    upstream = await startUpstream({
      keepAliveMs: 60_000,
      closing: 'fin',
      answer: (method) => (method === 'POST' ? 'cut' : 'answer'),
    });
    const failure = await readThenQueuedWrite(upstream);
    expect(failure).toBeInstanceOf(UpstreamError);
    expect(upstream.received).toEqual(['GET /v1/organizations/o/keys', 'POST /v1/organizations/o/keys']);
  });
});
