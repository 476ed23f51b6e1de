import { extraPipe, seedPipes } from './cloud/pipes/seed';
import { alphanumericFrom, createRng, seededUuid, type Rng } from './prng';
import { seedClickStack, seedOss } from './seed-observability';
import {
  DEFAULT_CDC_SCALING,
  type EmulatorState,
  type ApiKey,
  type KeyRole,
  type PrivateEndpoint,
  type SeedData,
  type Service,
} from './state';

const SEED = 'sluice-emulator-v1';
const SERVICE_DOMAIN = 'dbcloud.net';
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

export interface SeedConfig {
  organizationId: string;
  serviceId: string;
  consoleKeyId: string;
  consoleSecretHash: string;
  /** Hashes of the other seeded keys' secrets; drawn once per process so a reset keeps them. */
  otherSecretHashes: string[];
  startedAt: Date;
}

/** Ids used when the caller gives none; drawn from their own stream so they never shift other seeded ids. */
export function defaultIdentity(): { organizationId: string; serviceId: string; cloudKeyId: string } {
  const rng = createRng(`${SEED}:identity`);
  return { organizationId: seededUuid(rng), serviceId: seededUuid(rng), cloudKeyId: alphanumericFrom(rng, 20) };
}

export const SEEDED_ENDPOINTS: readonly PrivateEndpoint[] = [
  {
    id: 'vpce-0a1b2c3d4e5f67890',
    description: 'Production VPC - app subnets',
    cloudProvider: 'aws',
    region: 'us-east-1',
  },
  {
    id: 'vpce-0b2c3d4e5f6a78901',
    description: 'Production VPC - batch workers',
    cloudProvider: 'aws',
    region: 'us-east-1',
  },
  { id: 'vpce-0c3d4e5f6a7b89012', description: 'Staging VPC', cloudProvider: 'aws', region: 'us-east-1' },
  { id: 'vpce-0d4e5f6a7b8c90123', description: 'EU analytics VPC', cloudProvider: 'aws', region: 'eu-west-1' },
  { id: 'vpce-0e5f6a7b8c9d01234', description: 'EU BI tools VPC', cloudProvider: 'aws', region: 'eu-west-1' },
];

interface OtherKeySpec {
  name: string;
  roles: KeyRole[];
  state: ApiKey['state'];
  created: number;
  expires: number | null;
  used: number | null;
  ipAccessList?: ApiKey['ipAccessList'];
}

export const SEEDED_KEY_NAMES = {
  console: 'Sluice console',
  terraform: 'Terraform automation',
  ci: 'CI deploy',
  bi: 'BI dashboards',
  legacy: 'Legacy ETL',
  contractor: 'Contractor access',
} as const;

const OTHER_KEYS: readonly OtherKeySpec[] = [
  {
    name: SEEDED_KEY_NAMES.terraform,
    roles: ['admin'],
    state: 'enabled',
    created: -120 * DAY,
    expires: null,
    used: -1 * DAY,
  },
  {
    name: SEEDED_KEY_NAMES.ci,
    roles: ['developer'],
    state: 'enabled',
    created: -45 * DAY,
    expires: 5 * DAY,
    used: -2 * HOUR,
  },
  {
    name: SEEDED_KEY_NAMES.bi,
    roles: ['query_endpoints'],
    state: 'enabled',
    created: -60 * DAY,
    expires: null,
    used: -10 * MINUTE,
    ipAccessList: [
      { source: '203.0.113.0/24', description: 'Office network' },
      { source: '2001:db8:1200::/40', description: 'Office IPv6' },
      { source: '198.51.100.7', description: 'BI server' },
    ],
  },
  {
    name: SEEDED_KEY_NAMES.legacy,
    roles: ['developer'],
    state: 'disabled',
    created: -400 * DAY,
    expires: null,
    used: -95 * DAY,
  },
  {
    name: SEEDED_KEY_NAMES.contractor,
    roles: ['admin', 'developer'],
    state: 'enabled',
    created: -90 * DAY,
    expires: -3 * DAY,
    used: -4 * DAY,
  },
];

export const OTHER_SEEDED_KEY_COUNT = OTHER_KEYS.length;

function slug(rng: Rng): string {
  return alphanumericFrom(rng, 10).toLowerCase();
}

function service(
  rng: Rng,
  at: (offset: number) => string,
  fields: Omit<Service, 'createdAt' | 'endpoints' | 'idleScaling'> & { created: number },
): Service {
  const host = `${slug(rng)}.${fields.region}.${fields.provider}.${SERVICE_DOMAIN}`;
  const { created, ...rest } = fields;
  return {
    ...rest,
    createdAt: at(created),
    idleScaling: true,
    endpoints: [
      { protocol: 'nativesecure', host, port: 9440 },
      { protocol: 'https', host, port: 8443 },
    ],
  };
}

export function buildSeed(config: SeedConfig): SeedData {
  const rng = createRng(SEED);
  const base = Math.floor(config.startedAt.getTime() / 1000) * 1000;
  const at = (offset: number) => new Date(base + offset).toISOString();

  // Drawn in the order of the earlier seed, so every later seeded id stays what it was.
  const stagingServiceId = seededUuid(rng);
  const developmentServiceId = seededUuid(rng);
  const [appVpc, batchVpc] = SEEDED_ENDPOINTS;
  const services = new Map<string, Service>();
  const add = (s: Service) => services.set(s.id, s);
  add(
    service(rng, at, {
      id: config.serviceId,
      name: 'Production',
      provider: 'aws',
      region: 'us-east-1',
      state: 'running',
      tier: 'production',
      created: -200 * DAY,
      privateEndpointIds: [appVpc!.id, batchVpc!.id],
    }),
  );
  add(
    service(rng, at, {
      id: stagingServiceId,
      name: 'Staging',
      provider: 'gcp',
      region: 'europe-west4',
      state: 'running',
      tier: 'production',
      created: -150 * DAY,
      privateEndpointIds: [],
    }),
  );
  add(
    service(rng, at, {
      id: developmentServiceId,
      name: 'Development',
      provider: 'azure',
      region: 'eastus2',
      state: 'stopped',
      tier: 'development',
      created: -30 * DAY,
      privateEndpointIds: [],
    }),
  );

  const keys = new Map<string, ApiKey>();
  const consoleKey: ApiKey = {
    id: seededUuid(rng),
    name: SEEDED_KEY_NAMES.console,
    state: 'enabled',
    roles: ['admin'],
    keyId: config.consoleKeyId,
    secretHash: config.consoleSecretHash,
    createdAt: at(-30 * DAY),
    expireAt: null,
    usedAt: null,
    ipAccessList: [],
  };
  keys.set(consoleKey.id, consoleKey);
  OTHER_KEYS.forEach((spec, i) => {
    const key: ApiKey = {
      id: seededUuid(rng),
      name: spec.name,
      state: spec.state,
      roles: [...spec.roles],
      keyId: alphanumericFrom(rng, 20),
      secretHash: config.otherSecretHashes[i] ?? '',
      createdAt: at(spec.created),
      expireAt: spec.expires === null ? null : at(spec.expires),
      usedAt: spec.used === null ? null : at(spec.used),
      ipAccessList: (spec.ipAccessList ?? []).map((e) => ({ ...e })),
    };
    keys.set(key.id, key);
  });

  return {
    organization: { id: config.organizationId, name: 'Acme Analytics', createdAt: at(-400 * DAY) },
    privateEndpoints: new Map(SEEDED_ENDPOINTS.map((e) => [e.id, { ...e }])),
    services,
    keys,
    // The default service's seeded Postgres pipe runs with the default size.
    cdcScaling: new Map([
      [config.serviceId, { ...DEFAULT_CDC_SCALING }],
      [stagingServiceId, { replicaCpuMillicores: 4000, replicaMemoryGb: 16 }],
    ]),
    postgresPipeServices: new Set([config.serviceId, stagingServiceId]),
    queryEndpoints: new Map(),
    pipes: new Map([
      ...seedPipes(createRng(`${SEED}:pipes`), config.serviceId, at),
      ...seedPipes(createRng(`${SEED}:pipes:staging`), stagingServiceId, at, 'staging'),
      ...seedPipes(createRng(`${SEED}:pipes:development`), developmentServiceId, at, 'development'),
    ]),
    // The random streams keep their earlier names so the seeded ids stay what they were.
    clickStack: new Map([
      [config.serviceId, seedClickStack(createRng(`${SEED}:cloud-observability`), at)],
      [stagingServiceId, seedClickStack(createRng(`${SEED}:cloud-observability:staging`), at, 'staging')],
    ]),
    oss: seedOss(createRng(`${SEED}:oss`), at),
  };
}

/** The most a benchmark may grow the organization to: enough for "a large organization", small enough for one process. */
export const GROWTH_LIMITS = { services: 100, pipes: 2000 } as const;

/**
 * Grows the organization to `services` services and `pipes` pipes in all (never shrinks it), for
 * benchmarks of a large organization: new services run on aws us-east-1, new pipes are running
 * Kafka pipes spread over every service in turn. Deterministic for the same state; a reset undoes it.
 */
export function growOrganization(state: EmulatorState, target: { services: number; pipes: number }): void {
  const rng = createRng(`${SEED}:growth:${state.services.size}:${state.pipes.size}`);
  const base = Math.floor(Date.now() / 1000) * 1000;
  const at = (offset: number) => new Date(base + offset).toISOString();
  for (let n = state.services.size + 1; n <= target.services; n++) {
    const added = service(rng, at, {
      id: seededUuid(rng),
      name: `Service ${n}`,
      provider: 'aws',
      region: 'us-east-1',
      state: 'running',
      tier: 'production',
      created: -DAY,
      privateEndpointIds: [],
    });
    state.services.set(added.id, added);
  }
  const serviceIds = [...state.services.keys()];
  for (let n = state.pipes.size + 1; n <= target.pipes; n++) {
    const stored = extraPipe(rng, serviceIds[n % serviceIds.length]!, n, at);
    state.pipes.set(stored.record.id, stored);
  }
}
