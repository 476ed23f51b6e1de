import type { StoredPipe } from './cloud/pipes/types';
import { ChartData } from './oss/charts/events';
import type { SecretHasher } from './secrets';

export const KEY_ROLES = ['admin', 'developer', 'query_endpoints'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];
export const KEY_STATES = ['enabled', 'disabled'] as const;
export type KeyState = (typeof KEY_STATES)[number];

export interface IpAccessEntry {
  source: string;
  description: string;
}

export interface ApiKey {
  id: string;
  name: string;
  state: KeyState;
  roles: KeyRole[];
  /** The Basic-auth id; the record `id` is a separate UUID. */
  keyId: string;
  secretHash: string;
  createdAt: string;
  expireAt: string | null;
  usedAt: string | null;
  ipAccessList: IpAccessEntry[];
}

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
}

export interface PrivateEndpoint {
  id: string;
  description: string;
  cloudProvider: string;
  region: string;
}

export type ServiceState = 'running' | 'idle' | 'stopped' | 'starting' | 'stopping' | 'provisioning';

export interface Service {
  id: string;
  name: string;
  provider: string;
  region: string;
  state: ServiceState;
  tier: string;
  createdAt: string;
  idleScaling: boolean;
  endpoints: { protocol: string; host: string; port: number }[];
  privateEndpointIds: string[];
}

/** A service's query endpoint: which organization keys may run SQL on it (`/service/{id}/run`), with which database role. */
export const QUERY_ENDPOINT_ROLES = ['sql_console_read_only', 'sql_console_admin'] as const;
export type QueryEndpointRole = (typeof QUERY_ENDPOINT_ROLES)[number];

export interface QueryEndpoint {
  id: string;
  roles: QueryEndpointRole[];
  /** Record ids (UUIDs) of the organization's API keys. */
  openApiKeys: string[];
  allowedOrigins: string;
}

export interface CdcScaling {
  replicaCpuMillicores: number;
  replicaMemoryGb: number;
}

export type Series = Record<string, unknown> & { type: string };

export interface Tile {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  asRatio?: boolean;
  /** The older tile form; the newer one is `config` (emulator/observability/tile-config.ts). */
  series?: Series[];
  config?: Record<string, unknown> & { displayType: string };
  containerId?: string;
  tabId?: string;
}

export type DashboardFilter = Record<string, unknown> & {
  id: string;
  type: string;
  name: string;
  expression: string;
  sourceId: string;
};

export interface Dashboard {
  id: string;
  name: string;
  tags: string[];
  tiles: Tile[];
  filters?: DashboardFilter[];
  savedQuery?: string | null;
  savedQueryLanguage?: 'sql' | 'lucene' | null;
  savedFilterValues?: { type: 'sql'; condition: string }[];
  containers?: Record<string, unknown>[];
}

export interface Alert extends Record<string, unknown> {
  id: string;
  source: string;
  dashboardId?: string;
  tileId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Source extends Record<string, unknown> {
  id: string;
  name: string;
  kind: 'log' | 'trace' | 'metric' | 'session';
}

export interface Webhook {
  id: string;
  name: string;
  service: 'slack' | 'incidentio' | 'generic';
  url?: string;
  description?: string;
  /** Held like the real store does, but never part of a response. */
  headers?: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export interface ObservabilityStore {
  dashboards: Map<string, Dashboard>;
  alerts: Map<string, Alert>;
  sources: Source[];
}

export interface OssStore extends ObservabilityStore {
  teamId: string;
  webhooks: Webhook[];
}

export interface SeedData {
  organization: Organization;
  privateEndpoints: Map<string, PrivateEndpoint>;
  services: Map<string, Service>;
  keys: Map<string, ApiKey>;
  cdcScaling: Map<string, CdcScaling>;
  postgresPipeServices: Set<string>;
  /** Query endpoints, by service id; none are seeded. */
  queryEndpoints: Map<string, QueryEndpoint>;
  /** ClickPipes of every service, by pipe id. */
  pipes: Map<string, StoredPipe>;
  /** Each service's managed observability (ClickStack), by service id. */
  clickStack: Map<string, ObservabilityStore>;
  oss: OssStore;
}

export const DEFAULT_CDC_SCALING: CdcScaling = { replicaCpuMillicores: 2000, replicaMemoryGb: 8 };

/**
 * The mutable world of one emulator. `reset()` reloads the seed into the same instance, so modules
 * and tests holding a reference keep seeing the current data.
 */
export class EmulatorState implements SeedData {
  organization!: Organization;
  privateEndpoints!: Map<string, PrivateEndpoint>;
  services!: Map<string, Service>;
  keys!: Map<string, ApiKey>;
  cdcScaling!: Map<string, CdcScaling>;
  postgresPipeServices!: Set<string>;
  queryEndpoints!: Map<string, QueryEndpoint>;
  pipes!: Map<string, StoredPipe>;
  clickStack!: Map<string, ObservabilityStore>;
  oss!: OssStore;
  /** Chart events, generated lazily per source; kept across resets (they depend only on the start time). */
  readonly charts: ChartData;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly buildSeed: () => SeedData,
    readonly secrets: SecretHasher,
    charts?: ChartData,
  ) {
    this.charts = charts ?? new ChartData({ startedAt: Date.now() });
    this.load(buildSeed());
  }

  reset(): void {
    this.clearTimers();
    this.load(this.buildSeed());
  }

  private load(seed: SeedData): void {
    Object.assign(this, seed);
  }

  /** Timers of simulated background work (e.g. pipe state machines); cancelled on reset and close. */
  schedule(delayMs: number, run: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Pipe creation answers 424 on a service that is not running. */
  isServiceRunning(serviceId: string): boolean {
    return this.services.get(serviceId)?.state === 'running';
  }

  /** Database-pipe scaling exists only once a Postgres pipe has been provisioned on the service. */
  hasPostgresPipe(serviceId: string): boolean {
    return this.postgresPipeServices.has(serviceId);
  }

  markPostgresPipe(serviceId: string, present = true): void {
    if (present) {
      this.postgresPipeServices.add(serviceId);
      if (!this.cdcScaling.has(serviceId)) this.cdcScaling.set(serviceId, { ...DEFAULT_CDC_SCALING });
    } else {
      this.postgresPipeServices.delete(serviceId);
    }
  }

  findKeyByKeyId(keyId: string): ApiKey | undefined {
    for (const key of this.keys.values()) if (key.keyId === keyId) return key;
    return undefined;
  }

  clickStackOf(serviceId: string): ObservabilityStore {
    let store = this.clickStack.get(serviceId);
    if (!store) {
      store = { dashboards: new Map(), alerts: new Map(), sources: [] };
      this.clickStack.set(serviceId, store);
    }
    return store;
  }
}

export function markPostgresPipe(state: EmulatorState, serviceId: string, present = true): void {
  state.markPostgresPipe(serviceId, present);
}
