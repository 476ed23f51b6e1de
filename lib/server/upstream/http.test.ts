import { createServer } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamConfig } from '../env';
import { json, startStub, type StubServer } from '../test-support';
import { fieldsFromCloudMessage, fieldsFromValidationMessage } from './error-text';
import { configureUpstreamHttp, mapUpstreamFailure, resetUpstreamHttp, upstreamRequest, UpstreamError } from './http';

let stub: StubServer;

// The client's own tests send made-up paths; only the BFF's traffic is recorded for the contract check.
vi.stubEnv('SLUICE_CONTRACT_RECORD_DIR', '');

const cloud = (baseUrl: string): UpstreamConfig => ({
  name: 'cloud',
  baseUrl,
  authorization: 'Basic dGVzdA==',
  mode: 'remote',
});

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  stub = await startStub();
});

afterAll(async () => {
  await stub.close();
});

beforeEach(() => {
  stub.hits.length = 0;
  configureUpstreamHttp({ readTimeoutMs: 500, writeTimeoutMs: 500, retryMinDelayMs: 5, retryMaxDelayMs: 20 });
});

afterEach(() => {
  resetUpstreamHttp();
});

describe('upstreamRequest', () => {
  it('sends the key, JSON body and returns the parsed envelope', async () => {
    stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'r', result: { ok: true } }));
    const result = await upstreamRequest({ upstream: cloud(stub.url), method: 'POST', path: '/v1/x', body: { a: 1 } });
    expect(result.data).toEqual({ status: 200, requestId: 'r', result: { ok: true } });
    expect(stub.hits[0]).toMatchObject({ method: 'POST', url: '/v1/x', body: '{"a":1}' });
    expect(stub.hits[0]?.headers).toMatchObject({
      authorization: 'Basic dGVzdA==',
      'content-type': 'application/json',
    });
  });

  describe("the cloud API's own names on the wire", () => {
    const pipes = '/v1/organizations/o/services/s/datapipes';
    const realPipe = {
      id: 'p',
      source: { kinesis: { format: 'AvroConfluent' }, kafka: { type: 'gcmk' } },
      settings: { clickhouse_max_threads: 2 },
    };

    it("sends the real path and body and hands back the answer in the console's names, text and data alike", async () => {
      stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'r', result: realPipe }));
      const result = await upstreamRequest({
        upstream: cloud(stub.url),
        method: 'POST',
        path: pipes,
        body: {
          name: 'n',
          source: { streamService: { format: 'AvroRegistry' }, objectStorage: { type: 'objstore_2' } },
        },
      });
      expect(stub.hits[0]).toMatchObject({ url: '/v1/organizations/o/services/s/clickpipes' });
      expect(JSON.parse(stub.hits[0]!.body)).toEqual({
        name: 'n',
        source: { kinesis: { format: 'AvroConfluent' }, objectStorage: { type: 'gcs' } },
      });
      // A type the console does not know (gcmk) stays as it came.
      const neutral = {
        id: 'p',
        source: { streamService: { format: 'AvroRegistry' }, kafka: { type: 'gcmk' } },
        settings: { engine_max_threads: 2 },
      };
      expect(result.data).toEqual({ status: 200, requestId: 'r', result: neutral });
      expect(JSON.parse(result.text)).toEqual(result.data);
    });

    it('renames the managed-observability and database-scaling paths', async () => {
      stub.handle((_req, res) => json(res, 200, { status: 200, requestId: 'r', result: [] }));
      await upstreamRequest({
        upstream: cloud(stub.url),
        method: 'GET',
        path: '/v1/organizations/o/services/s/observability/dashboards',
        cache: false,
      });
      await upstreamRequest({
        upstream: cloud(stub.url),
        method: 'GET',
        path: '/v1/organizations/o/services/s/datapipesCdcScaling',
        cache: false,
      });
      expect(stub.hits.map((hit) => hit.url)).toEqual([
        '/v1/organizations/o/services/s/clickstack/dashboards',
        '/v1/organizations/o/services/s/clickpipesCdcScaling',
      ]);
    });

    it("keeps the upstream's bytes when an answer has nothing to rename", async () => {
      const text =
        '{ "status": 200, "requestId": "r", "result": [{"id": "p", "source": {"kafka": {"type": "kafka"}}}] }';
      stub.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(text);
      });
      const result = await upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: pipes, cache: false });
      expect(result.text).toBe(text);
    });

    it("puts a field error the real service names on the console's form path", async () => {
      stub.handle((_req, res) =>
        json(res, 400, { status: 400, error: 'BAD_REQUEST: source.kinesis.streamName is required' }),
      );
      const error = await failure(
        upstreamRequest({
          upstream: cloud(stub.url),
          method: 'POST',
          path: pipes,
          body: { source: { streamService: { streamName: '' } } },
        }),
      );
      expect(error.fields).toEqual([
        { path: 'source.streamService.streamName', message: 'source.kinesis.streamName is required' },
      ]);
    });

    it("leaves the open-source observability surface's paths and bodies alone", async () => {
      stub.handle((_req, res) => json(res, 200, { data: [] }));
      const observability: UpstreamConfig = {
        name: 'observability',
        baseUrl: stub.url,
        authorization: 'Bearer t',
        mode: 'remote',
      };
      await upstreamRequest({
        upstream: observability,
        method: 'POST',
        path: '/api/v2/datapipes',
        body: { type: 'vendor_2' },
      });
      expect(stub.hits[0]).toMatchObject({ url: '/api/v2/datapipes', body: '{"type":"vendor_2"}' });
    });
  });

  it('gives up at the deadline with 504 UPSTREAM_TIMEOUT', async () => {
    stub.handle(() => undefined);
    configureUpstreamHttp({ readTimeoutMs: 150 });
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/slow' }));
    expect(error).toMatchObject({ status: 504, code: 'UPSTREAM_TIMEOUT' });
    expect(stub.hits).toHaveLength(1);
  });

  it('retries a GET on 503 and succeeds on a later attempt', async () => {
    let calls = 0;
    stub.handle((_req, res) =>
      ++calls < 3 ? json(res, 503, { status: 503, error: 'INTERNAL_ERROR: busy' }) : json(res, 200, { ok: 1 }),
    );
    const result = await upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/flaky' });
    expect(result.data).toEqual({ ok: 1 });
    expect(stub.hits).toHaveLength(3);
  });

  it('stops after two retries', async () => {
    stub.handle((_req, res) => json(res, 502, 'bad gateway'));
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/down' }));
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_ERROR' });
    expect(stub.hits).toHaveLength(3);
  });

  it('does not retry a 500', async () => {
    stub.handle((_req, res) => json(res, 500, { status: 500, error: 'INTERNAL_ERROR: boom' }));
    await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/boom' }));
    expect(stub.hits).toHaveLength(1);
  });

  it('retries a GET when the connection is refused, then maps it to 502 UPSTREAM_UNAVAILABLE', async () => {
    const port = await closedPort();
    let attempts = 0;
    class CountingAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        attempts++;
        return super.dispatch(options, handler);
      }
    }
    const agent = new CountingAgent();
    configureUpstreamHttp({ dispatcher: agent });
    const error = await failure(
      upstreamRequest({ upstream: cloud(`http://127.0.0.1:${port}`), method: 'GET', path: '/x' }),
    );
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_UNAVAILABLE' });
    expect(error.message).toContain('ECONNREFUSED');
    expect(attempts).toBe(3);

    attempts = 0;
    await failure(
      upstreamRequest({ upstream: cloud(`http://127.0.0.1:${port}`), method: 'POST', path: '/x', body: {} }),
    );
    expect(attempts).toBe(1);
    await agent.close();
  });

  it('succeeds when the upstream comes up between GET attempts', async () => {
    const port = await closedPort();
    const late = createServer((socket) => {
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{"late":1}\n',
      );
    });
    configureUpstreamHttp({ retryMinDelayMs: 150, retryMaxDelayMs: 150 });
    const pending = upstreamRequest({ upstream: cloud(`http://127.0.0.1:${port}`), method: 'GET', path: '/x' });
    setTimeout(() => late.listen(port, '127.0.0.1'), 50);
    try {
      expect((await pending).data).toEqual({ late: 1 });
    } finally {
      late.close();
    }
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    stub.handle((_req, res) => json(res, 503, { status: 503, error: 'INTERNAL_ERROR: busy' }));
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method, path: '/write', body: { a: 1 } }));
    expect(error.status).toBe(502);
    expect(stub.hits).toHaveLength(1);
  });

  it('refuses redirects without following them', async () => {
    stub.handle((req, res) => {
      if (req.url === '/moved') {
        res.writeHead(302, { location: '/elsewhere' });
        res.end();
      } else json(res, 200, { followed: true });
    });
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/moved' }));
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_BAD_RESPONSE' });
    expect(stub.hits.map((h) => h.url)).toEqual(['/moved']);
  });

  it('maps a non-JSON success body to 502 UPSTREAM_BAD_RESPONSE', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/html' }));
    expect(error).toMatchObject({ status: 502, code: 'UPSTREAM_BAD_RESPONSE' });
  });

  it('retries once after a 429 with a short Retry-After, and returns the second answer', async () => {
    let calls = 0;
    stub.handle((_req, res) =>
      ++calls === 1
        ? json(res, 429, { status: 429, error: 'rate' }, { 'x-ratelimit-reset': '0.2' })
        : json(res, 200, { ok: true }),
    );
    const result = await upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/limited' });
    expect(result.data).toEqual({ ok: true });
    expect(calls).toBe(2);
  });

  it('hands a long Retry-After to the browser instead of waiting', async () => {
    stub.handle((_req, res) => json(res, 429, { status: 429, error: 'rate' }, { 'retry-after': '7' }));
    const error = await failure(upstreamRequest({ upstream: cloud(stub.url), method: 'GET', path: '/limited' }));
    expect(error).toMatchObject({ status: 429, code: 'UPSTREAM_RATE_LIMITED', headers: { 'retry-after': '7' } });
    expect(stub.hits).toHaveLength(1);
  });
});

describe('mapUpstreamFailure', () => {
  const none = new Headers();

  it.each([
    [400, 'BAD_REQUEST: name is required', 400, 'BAD_REQUEST', 'BAD_REQUEST: name is required'],
    [403, 'FORBIDDEN: the key lacks the admin role', 403, 'FORBIDDEN', 'FORBIDDEN: the key lacks the admin role'],
    [404, 'NOT_FOUND: key not found', 404, 'NOT_FOUND', 'NOT_FOUND: key not found'],
    [409, 'CONFLICT: name taken', 409, 'CONFLICT', 'CONFLICT: name taken'],
    [
      424,
      'FAILED_DEPENDENCY: service is not running',
      424,
      'FAILED_DEPENDENCY',
      'FAILED_DEPENDENCY: service is not running',
    ],
    [500, 'INTERNAL_ERROR: boom', 502, 'UPSTREAM_ERROR', 'The cloud API failed (500): boom'],
  ])('cloud %i → %i %s', (status, error, mapped, code, message) => {
    const failure = mapUpstreamFailure('cloud', status, JSON.stringify({ status, error, requestId: 'x' }), none);
    expect(failure).toMatchObject({ status: mapped, code, message });
  });

  it('turns a cloud 401 into 502 UPSTREAM_UNAUTHORIZED: it is the console key, not the user', () => {
    const failure = mapUpstreamFailure(
      'cloud',
      401,
      JSON.stringify({ status: 401, error: 'UNAUTHORIZED: key expired' }),
      none,
    );
    expect(failure).toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNAUTHORIZED',
      message: "The cloud API rejected the console's API key: key expired",
    });
  });

  it('keeps the reset time of a cloud 429', () => {
    const failure = mapUpstreamFailure(
      'cloud',
      429,
      '{"status":429,"error":"slow down"}',
      new Headers({ 'x-ratelimit-reset': '4' }),
    );
    expect(failure).toMatchObject({ status: 429, code: 'UPSTREAM_RATE_LIMITED', headers: { 'retry-after': '4' } });
  });

  it('reads plain-text bodies of the open-source surface', () => {
    expect(mapUpstreamFailure('observability', 401, 'Unauthorized', none)).toMatchObject({
      status: 502,
      code: 'UPSTREAM_UNAUTHORIZED',
      message: "The observability API rejected the console's API key: Unauthorized",
    });
    expect(mapUpstreamFailure('observability', 404, 'Not Found', none)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Not Found',
    });
    expect(mapUpstreamFailure('observability', 404, '{"message":"Alert not found"}', none)).toMatchObject({
      status: 404,
      message: 'Alert not found',
    });
    expect(mapUpstreamFailure('observability', 500, '{"error":"bad query"}', none)).toMatchObject({
      status: 502,
      message: 'The observability API failed (500): bad query',
    });
  });

  it('turns an open-source validation message into fields', () => {
    const failure = mapUpstreamFailure(
      'observability',
      400,
      JSON.stringify({ message: 'Body validation failed: tiles.0.x: Number must be less than 24; name: Required' }),
      none,
    );
    expect(failure).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    expect(failure.fields).toEqual([
      { path: 'tiles.0.x', message: 'Number must be less than 24' },
      { path: 'name', message: 'Required' },
    ]);
  });

  it('copes with garbage and empty bodies', () => {
    expect(mapUpstreamFailure('cloud', 502, '<html><body>Bad gateway</body></html>', none)).toMatchObject({
      status: 502,
      code: 'UPSTREAM_ERROR',
      message: 'The cloud API failed (502): Bad Gateway',
    });
    expect(mapUpstreamFailure('cloud', 400, '\u0000\u0001{{', none)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST',
    });
    expect(mapUpstreamFailure('cloud', 404, '', none)).toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Not Found',
    });
    expect(mapUpstreamFailure('cloud', 400, 'null', none)).toMatchObject({ status: 400, message: 'Bad Request' });
  });
});

describe('fields from upstream messages', () => {
  it('finds request-body paths the cloud names in prose', () => {
    const body = { name: 'k', roles: [], ipAccessList: [{ source: 'nope', description: '' }] };
    expect(fieldsFromCloudMessage('ipAccessList[0].source is not a valid IP address or CIDR range', body)).toEqual([
      { path: 'ipAccessList.0.source', message: 'ipAccessList[0].source is not a valid IP address or CIDR range' },
    ]);
    expect(fieldsFromCloudMessage('roles must contain at least 1 element', body)).toEqual([
      { path: 'roles', message: 'roles must contain at least 1 element' },
    ]);
    expect(fieldsFromCloudMessage('replicaMemoryGb: must be 4 GB per core', { replicaMemoryGb: 3 })).toEqual([
      { path: 'replicaMemoryGb', message: 'must be 4 GB per core' },
    ]);
    expect(fieldsFromCloudMessage('expireAt must be an ISO-8601 timestamp', {})).toEqual([
      { path: 'expireAt', message: 'expireAt must be an ISO-8601 timestamp' },
    ]);
    expect(
      fieldsFromCloudMessage('privateEndpointIds.remove[0]: private endpoint vpce-1 is not registered', {}),
    ).toEqual([{ path: 'privateEndpointIds.remove.0', message: 'private endpoint vpce-1 is not registered' }]);
    expect(
      fieldsFromCloudMessage('no database pipe has been provisioned on service x', { replicaCpuMillicores: 1000 }),
    ).toEqual([]);
    expect(fieldsFromCloudMessage('The request is malformed', body)).toEqual([]);
  });

  it('ignores messages that are not validation failures', () => {
    expect(fieldsFromValidationMessage('Something else: x: y')).toEqual([]);
    expect(fieldsFromValidationMessage('Params validation failed: id: Invalid ObjectId')).toEqual([
      { path: 'id', message: 'Invalid ObjectId' },
    ]);
  });
});
