import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { endpointKeys } from '@/lib/api/endpoints/keys';
import { keyKeys } from '@/lib/api/keys/keys';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { scalingKeys } from '@/lib/api/scaling/keys';
import { serviceKeys } from '@/lib/api/services/keys';
import { serviceIsAsleep } from '@/lib/services/service-state';
import { cloudConfig, consoleContext, observabilityConfig } from '../env';
import { organizationParams, serviceParams, type OrganizationParams, type ServiceParams } from '../route-params';
import { noticeListedObjects } from '../history/record';
import type { CloudEnvelope } from '../upstream/cloud';
import { cloudApi, observabilityApi } from '../upstream/typed';
import { pageRead, type PageReadOutcome } from './page-read';
import { prefetchServicePipeMetrics } from './prefetch-pipe-metrics';

/**
 * The lists and records pages show, read while the page renders, side by side, as react-query state
 * under the keys the browser's hooks use: the page arrives painted as the reads answer, instead of
 * waiting for its JavaScript before a single read starts (seconds on a phone). A read that is slow,
 * fails or finds no room in the upstream budget is left to the browser; `budget` then says which
 * budget it waits for.
 */
export type RecordRead =
  | 'pipes'
  | 'keys'
  | 'organization'
  | 'service'
  /** The service's private endpoint configuration (the endpoint service to connect to). */
  | 'endpointConfig'
  | 'dashboards'
  | 'cdcScaling'
  /**
   * The organization's services, then the pipes (names and states) of each one awake as the newest
   * pipe-metrics scrape saw them, side by side (the overview): one cloud read, the services list;
   * the organization-wide scrape serves every service's pipes without a call of its own.
   */
  | 'servicesWithPipeStates';

/** The overview brings the pipes of this many services at most with the page; the browser reads the rest. */
const SERVICES_READ_WITH_PAGE = 20;

const cloudResult = (body: unknown) => {
  const envelope = body as CloudEnvelope<unknown> | null;
  return envelope && typeof envelope === 'object' ? envelope.result : undefined;
};

/** A read of the page's service: undefined when `name` is a read of the organization. */
function serviceRead(name: RecordRead, service: ServiceParams): Promise<PageReadOutcome> | undefined {
  const cloud = cloudConfig();
  const { organizationId, serviceId } = service;
  switch (name) {
    case 'pipes':
      return pageRead({
        upstream: cloud,
        path: cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes', {
          params: service,
        }),
        queryKey: pipeKeys.list(organizationId, serviceId),
        pick: cloudResult,
        onData: (list) => noticeListedObjects('pipes', { organizationId, serviceId }, list),
      });
    case 'service':
      return pageRead({
        upstream: cloud,
        path: cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}', { params: service }),
        queryKey: endpointKeys.service(organizationId, serviceId),
        pick: cloudResult,
      });
    case 'endpointConfig':
      return pageRead({
        upstream: cloud,
        path: cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/privateEndpointConfig', {
          params: service,
        }),
        queryKey: endpointKeys.config(organizationId, serviceId),
        pick: cloudResult,
      });
    case 'cdcScaling':
      // Until a Postgres pipe exists the upstream refuses this read; the browser then says so itself.
      return pageRead({
        upstream: cloud,
        path: cloudApi.path('get', '/v1/organizations/{organizationId}/services/{serviceId}/clickpipesCdcScaling', {
          params: service,
        }),
        queryKey: scalingKeys.cdc(organizationId, serviceId),
        pick: cloudResult,
      });
    default:
      return undefined;
  }
}

function organizationRead(name: RecordRead, organization: OrganizationParams): Promise<PageReadOutcome> {
  const { organizationId } = organization;
  switch (name) {
    case 'keys':
      return pageRead({
        upstream: cloudConfig(),
        path: cloudApi.path('get', '/v1/organizations/{organizationId}/keys', { params: organization }),
        queryKey: keyKeys.list(organizationId),
        pick: cloudResult,
        onData: (list) => noticeListedObjects('keys', { organizationId }, list),
      });
    case 'organization':
      return pageRead({
        upstream: cloudConfig(),
        path: cloudApi.path('get', '/v1/organizations/{organizationId}', { params: organization }),
        queryKey: endpointKeys.organization(organizationId),
        pick: cloudResult,
      });
    case 'dashboards':
      return pageRead({
        upstream: observabilityConfig(),
        path: observabilityApi.path('get', '/api/v2/dashboards', {}),
        // The open-source surface is the organization's, whatever the service.
        queryKey: dashboardKeys.list('oss', ''),
        pick: (body) => {
          const list = (body as { data?: unknown } | null)?.data;
          return Array.isArray(list) ? list : undefined;
        },
      });
    default:
      // A read of a service on a page without one.
      return Promise.resolve({});
  }
}

async function servicesWithPipeStates(organization: OrganizationParams): Promise<PageReadOutcome[]> {
  let services: Array<{ id: string; state?: string }> = [];
  const listed = await pageRead({
    upstream: cloudConfig(),
    path: cloudApi.path('get', '/v1/organizations/{organizationId}/services', { params: organization }),
    queryKey: serviceKeys.list(organization.organizationId),
    pick: (body) => {
      const list = cloudResult(body);
      return Array.isArray(list) ? list : undefined;
    },
    onData: (list) => {
      services = list as typeof services;
    },
  });
  const awake = services.filter((service) => !serviceIsAsleep(service.state)).slice(0, SERVICES_READ_WITH_PAGE);
  const pipes = await Promise.all(
    awake.map(async (service) => ({
      state: await prefetchServicePipeMetrics(organization.organizationId, service.id),
    })),
  );
  return [listed, ...pipes];
}

function read(name: RecordRead, organizationId: string, serviceId: string | undefined): Promise<PageReadOutcome> {
  const organization = organizationParams.safeParse({ organizationId });
  if (!organization.success) return Promise.resolve({});
  const service = serviceParams.safeParse({ organizationId, serviceId });
  return (service.success ? serviceRead(name, service.data) : undefined) ?? organizationRead(name, organization.data);
}

export interface PrefetchedRecords {
  /** One state per read that answered in time. */
  states: DehydratedState[];
  /** The upstream budget's own sentence when a read was left to the browser for want of room. */
  budget?: string;
}

/**
 * The named reads of the console's organization and, for a service's page, of its service, side by
 * side. Without `serviceId` the reads of a service are left out.
 */
export async function prefetchRecords(names: readonly RecordRead[], serviceId?: string): Promise<PrefetchedRecords> {
  const { organizationId } = consoleContext();
  const organization = organizationParams.safeParse({ organizationId });
  const outcomes = (
    await Promise.all(
      names.map((name) =>
        name === 'servicesWithPipeStates'
          ? organization.success
            ? servicesWithPipeStates(organization.data)
            : Promise.resolve([])
          : read(name, organizationId, serviceId).then((outcome) => [outcome]),
      ),
    )
  ).flat();
  const budget = outcomes.find((o) => o.budget)?.budget;
  return { states: outcomes.flatMap((o) => (o.state ? [o.state] : [])), ...(budget ? { budget } : {}) };
}
