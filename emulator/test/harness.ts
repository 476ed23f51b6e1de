import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../index';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or `undefined` for a non-JSON body. */
  body: T;
}

export type BasicPair = readonly [keyId: string, keySecret: string];

interface RequestOptions {
  body?: unknown;
  rawBody?: string;
  /** A Basic pair, a full header value, or `null` for no Authorization header. */
  auth?: BasicPair | string | null;
  signal?: AbortSignal;
}

async function send<T>(
  url: string,
  method: string,
  authHeader: string | null,
  options: RequestOptions,
): Promise<TestResponse<T>> {
  const headers: Record<string, string> = {};
  if (authHeader) headers.authorization = authHeader;
  let payload: string | undefined;
  if (options.rawBody !== undefined) payload = options.rawBody;
  else if (options.body !== undefined) payload = JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(url, { method, headers, body: payload, signal: options.signal });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: body as T };
}

export const basic = ([id, secret]: BasicPair) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** Starts one emulator on free ports for a test file and resets it before every test. */
export function emulatorForFile(options: Omit<EmulatorOptions, 'port' | 'quiet'> = {}) {
  let emulator: RunningEmulator | undefined;
  const current = () => {
    if (!emulator) throw new Error('emulator not started');
    return emulator;
  };

  beforeAll(async () => {
    // These tests send deliberately wrong requests (neutral names among them); they are not the console's,
    // so they stay out of a guard run's recording of what reached the vendor surfaces.
    vi.stubEnv('SLUICE_EMULATOR_RECORD_DIR', '');
    emulator = await startEmulator({ ...options, port: 0, quiet: true });
  });
  afterAll(async () => {
    await emulator?.close();
    // The next file in a shared worker (vitest.config.ts) starts from the environment as it was.
    vi.unstubAllEnvs();
  });
  beforeEach(async () => {
    const res = await fetch(`${current().cloudUrl}/__emulator/reset`, { method: 'POST' });
    if (res.status !== 200) throw new Error(`reset failed: ${res.status}`);
  });

  const api = {
    get emulator() {
      return current();
    },
    get org() {
      return `/v1/organizations/${current().organizationId}`;
    },
    get service() {
      return `/v1/organizations/${current().organizationId}/services/${current().serviceId}`;
    },
    get adminPair(): BasicPair {
      return [current().cloudKeyId, current().cloudKeySecret];
    },
    cloud<T = unknown>(method: string, path: string, options: RequestOptions = {}) {
      const auth = options.auth === undefined ? api.adminPair : options.auth;
      const header = auth === null ? null : typeof auth === 'string' ? auth : basic(auth);
      return send<T>(`${current().cloudUrl}${path}`, method, header, options);
    },
    oss<T = unknown>(method: string, path: string, options: RequestOptions = {}) {
      const auth = options.auth === undefined ? `Bearer ${current().observabilityApiKey}` : options.auth;
      const header = auth === null ? null : typeof auth === 'string' ? auth : basic(auth);
      return send<T>(`${current().observabilityUrl}${path}`, method, header, options);
    },
    control<T = unknown>(method: string, path: string, body?: unknown) {
      return send<T>(`${current().cloudUrl}/__emulator${path}`, method, null, { body });
    },
    /** Creates a key with the admin key and returns its Basic pair. */
    async createKey(fields: Record<string, unknown>): Promise<{ pair: BasicPair; id: string }> {
      const res = await api.cloud<{ result: { keyId: string; keySecret: string; key: { id: string } } }>(
        'POST',
        `${api.org}/keys`,
        {
          body: fields,
        },
      );
      if (res.status !== 200) throw new Error(`key creation failed: ${res.text}`);
      return { pair: [res.body.result.keyId, res.body.result.keySecret], id: res.body.result.key.id };
    },
  };
  return api;
}
