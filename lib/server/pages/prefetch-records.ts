import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { dashboardKeys } from '@/lib/api/dashboards/keys';
import { endpointKeys } from '@/lib/api/endpoints/keys';
import { keyKeys } from '@/lib/api/keys/keys';
import { pipeKeys } from '@/lib/api/pipes/keys';
import { scalingKeys } from '@/lib/api/scaling/keys';
import { cloudConfig, consoleContext, observabilityConfig } from '../env';
import { organizationParams, organizationPath, serviceParams, servicePath } from '../route-params';
import { noticeListedObjects } from '../history/record';
import { encodePath, type CloudEnvelope } from '../upstream/cloud';
import { pageRead, type PageReadOutcome } from './page-read';

/**
 * The lists and records pages show, read while the page renders, side by side, as react-query state
 * under the keys the browser's hooks use: the page arrives painted as the reads answer, instead of
 * waiting for its JavaScript before a single read starts (seconds on a phone). A read that is slow,
 * fails or finds no room in the upstream budget is left to the browser; `budget` then says which
 * budget it waits for.
 */
export type RecordRead = 'pipes' | 'keys' | 'organization' | 'service' | 'dashboards' | 'cdcScaling';

const cloudResult = (body: unknown) => {
  const envelope = body as CloudEnvelope<unknown> | null;
  return envelope && typeof envelope === 'object' ? envelope.result : undefined;
};

function read(name: RecordRead, organizationId: string, serviceId: string): Promise<PageReadOutcome> {
  const service = serviceParams.safeParse({ organizationId, serviceId });
  const organization = organizationParams.safeParse({ organizationId });
  if (!service.success || !organization.success) return Promise.resolve({});
  const cloud = cloudConfig();
  switch (name) {
    case 'pipes':
      return pageRead({
        upstream: cloud,
        path: encodePath(servicePath(service.data, 'datapipes')),
        queryKey: pipeKeys.list(organizationId, serviceId),
        pick: cloudResult,
        onData: (list) => noticeListedObjects('pipes', { organizationId, serviceId }, list),
      });
    case 'keys':
      return pageRead({
        upstream: cloud,
        path: encodePath(organizationPath(organization.data, 'keys')),
        queryKey: keyKeys.list(organizationId),
        pick: cloudResult,
        onData: (list) => noticeListedObjects('keys', { organizationId }, list),
      });
    case 'organization':
      return pageRead({
        upstream: cloud,
        path: encodePath(organizationPath(organization.data)),
        queryKey: endpointKeys.organization(organizationId),
        pick: cloudResult,
      });
    case 'service':
      return pageRead({
        upstream: cloud,
        path: encodePath(servicePath(service.data)),
        queryKey: endpointKeys.service(organizationId, serviceId),
        pick: cloudResult,
      });
    case 'cdcScaling':
      // Until a Postgres pipe exists the upstream refuses this read; the browser then says so itself.
      return pageRead({
        upstream: cloud,
        path: encodePath(servicePath(service.data, 'datapipesCdcScaling')),
        queryKey: scalingKeys.cdc(organizationId, serviceId),
        pick: cloudResult,
      });
    case 'dashboards':
      return pageRead({
        upstream: observabilityConfig(),
        path: encodePath(['api', 'v2', 'dashboards']),
        queryKey: dashboardKeys.list('oss', serviceId),
        pick: (body) => {
          const list = (body as { data?: unknown } | null)?.data;
          return Array.isArray(list) ? list : undefined;
        },
      });
  }
}

export interface PrefetchedRecords {
  /** One state per read that answered in time. */
  states: DehydratedState[];
  /** The upstream budget's own sentence when a read was left to the browser for want of room. */
  budget?: string;
}

/** The named reads of the console's organization and service, side by side. */
export async function prefetchRecords(names: readonly RecordRead[]): Promise<PrefetchedRecords> {
  const { organizationId, serviceId } = consoleContext();
  const outcomes = await Promise.all(names.map((name) => read(name, organizationId, serviceId)));
  const budget = outcomes.find((o) => o.budget)?.budget;
  return { states: outcomes.flatMap((o) => (o.state ? [o.state] : [])), ...(budget ? { budget } : {}) };
}
