import { SEEDED_KEY_NAMES } from '../seed';
import { basic, type BasicPair, type emulatorForFile } from './harness';

type Api = ReturnType<typeof emulatorForFile>;
type Envelope<T> = { status: number; result: T; error: string };

export interface RunOptions {
  auth?: BasicPair | null;
  format?: string | null;
  headers?: Record<string, string>;
  database?: string;
  serviceId?: string;
  /** Replaces the JSON body. */
  rawBody?: string;
}

export const QUERY_HEADERS = { 'auth-provider': 'custom', 'x-service-type': 'clickhouse' } as const;

/** The query endpoint and the query host of the emulator under test. */
export function queryClient(t: Api) {
  const endpointPath = (serviceId = t.emulator.serviceId) => `${t.org}/services/${serviceId}/serviceQueryEndpoint`;
  const api = {
    endpointPath,
    /** The record id (UUID) of the seeded console key, which `openApiKeys` lists. */
    async consoleKeyId(): Promise<string> {
      const res = await t.cloud<Envelope<{ id: string; name: string }[]>>('GET', `${t.org}/keys`);
      return res.body.result.find((k) => k.name === SEEDED_KEY_NAMES.console)!.id;
    },
    async configure(body: Record<string, unknown>, serviceId?: string) {
      const res = await t.cloud<Envelope<Record<string, unknown>>>('POST', endpointPath(serviceId), { body });
      if (res.status !== 200) throw new Error(`endpoint configuration failed: ${res.text}`);
      return res.body.result;
    },
    /** Lets the console key query the service with the given role. */
    async allowConsoleKey(
      role: 'sql_console_read_only' | 'sql_console_admin' = 'sql_console_admin',
      serviceId?: string,
    ) {
      return api.configure({ roles: [role], openApiKeys: [await api.consoleKeyId()], allowedOrigins: '' }, serviceId);
    },
    async run(sql: string, options: RunOptions = {}) {
      const format = options.format === undefined ? 'JSONEachRow' : options.format;
      const url = `${t.emulator.cloudUrl}/service/${options.serviceId ?? t.emulator.serviceId}/run${format === null ? '' : `?format=${format}`}`;
      const auth = options.auth === undefined ? t.adminPair : options.auth;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...QUERY_HEADERS,
        ...options.headers,
      };
      if (auth) headers.authorization = basic(auth);
      const body =
        options.rawBody ??
        JSON.stringify({
          runId: crypto.randomUUID(),
          sql,
          ...(options.database ? { database: options.database } : {}),
        });
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
    },
    /** The rows of a JSONEachRow answer. */
    async rows<T = Record<string, unknown>>(sql: string, options: RunOptions = {}): Promise<T[]> {
      const res = await api.run(sql, options);
      if (res.status !== 200) throw new Error(`query failed (${res.status}): ${res.text}`);
      return res.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as T);
    },
    async count(table: string): Promise<number> {
      const [row] = await api.rows<{ n: number | string }>(`SELECT count() AS n FROM ${table}`);
      return Number(row!.n);
    },
  };
  return api;
}
