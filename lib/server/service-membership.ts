import 'server-only';
import { log } from './log';
import { organizationServices } from './organization-services';

/**
 * Whether a service id belongs to the console's organization, answered from one services list kept
 * in this process: service-scoped BFF routes and pages check every request, and services change
 * rarely, so one upstream read serves them all for a minute. An id the list lacks re-reads it (at
 * most every few seconds), so a service created a moment ago is found.
 */
const FRESH_MS = 60_000;
const MISS_REREAD_MS = 5_000;

interface KnownServices {
  ids: ReadonlySet<string>;
  /** Each service's name by id, for messages that name a service. */
  names: ReadonlyMap<string, string>;
  /** Each service's region by id, for pages that name it in their first paint. */
  regions: ReadonlyMap<string, string>;
  readAt: number;
}

const SLOT = Symbol.for('sluice.serviceMembership');
type Holder = { [SLOT]?: { known?: KnownServices; reading?: Promise<KnownServices | undefined> } };
const holder = (): NonNullable<Holder[typeof SLOT]> => ((globalThis as Holder)[SLOT] ??= {});

function readList(): Promise<KnownServices | undefined> {
  const state = holder();
  state.reading ??= organizationServices()
    .then((services) => {
      const known = {
        ids: new Set(services.map((service) => service.id)),
        names: new Map(services.map((service) => [service.id, service.name])),
        regions: new Map(services.flatMap((service) => (service.region ? [[service.id, service.region]] : []))),
        readAt: Date.now(),
      };
      if (services.length > 0) state.known = known;
      return services.length > 0 ? known : state.known;
    })
    .catch((error: unknown) => {
      log.warn({ err: error }, 'could not read the organization services to check a service id');
      return state.known;
    })
    .finally(() => {
      state.reading = undefined;
    });
  return state.reading;
}

/**
 * `true` when the organization has the service, `false` when its services list lacks it, and
 * `undefined` when the list cannot be read (budget spent, upstream down): the caller then lets the
 * request go on, and the upstream, whose key belongs to this organization alone, refuses a foreign
 * service itself.
 */
export async function isOrganizationService(serviceId: string): Promise<boolean | undefined> {
  const state = holder();
  const now = Date.now();
  let known = state.known;
  if (!known || now - known.readAt > FRESH_MS) known = await readList();
  if (!known) return undefined;
  if (known.ids.has(serviceId)) return true;
  if (now - known.readAt > MISS_REREAD_MS) known = (await readList()) ?? known;
  return known.ids.has(serviceId);
}

/** The service's name as the list kept here has it (no upstream read): for messages that name a service. */
export function knownServiceName(serviceId: string): string | undefined {
  return holder().known?.names.get(serviceId);
}

/**
 * The service's region as the list kept here has it (no upstream read; a service's region never
 * changes): a page's server render names it without waiting for the service's own record.
 */
export function knownServiceRegion(serviceId: string): string | undefined {
  return holder().known?.regions.get(serviceId);
}

/**
 * Tests: a list that never goes stale (so a route's test sees only its own upstream calls), or
 * `null` to read it from the upstream.
 */
export function setKnownServicesForTests(ids: readonly string[] | null): void {
  const state = holder();
  state.reading = undefined;
  state.known = ids
    ? { ids: new Set(ids), names: new Map(), regions: new Map(), readAt: Number.POSITIVE_INFINITY }
    : undefined;
}
