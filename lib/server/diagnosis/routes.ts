import 'server-only';
import { LRUCache } from 'lru-cache';
import * as z from 'zod/mini';
import { DIAGNOSIS_SECTIONS, type DiagnosisSection } from '@/lib/pipes/diagnosis/types';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { ApiError, jsonResponse } from '../errors';
import { pipeParams, type PipeParams, type ServiceParams } from '../route-params';
import { sanitize } from '../sanitize';
import type { CloudEnvelope } from '../upstream/cloud';
import { cloudApi } from '../upstream/typed';
import { enableAccess, readAccess } from './access';
import { newestReasons, readSection } from './sections';

export const sectionParams = z.extend(pipeParams, { section: z.enum(DIAGNOSIS_SECTIONS) });
export type SectionParams = PipeParams & { section: DiagnosisSection };

/** A page number from the query string: a whole number from 0, at most 1000 pages deep. */
function pageOf(request: Request): number {
  const raw = new URL(request.url).searchParams.get('page');
  if (raw === null || raw === '') return 0;
  const page = Number(raw);
  if (!Number.isInteger(page) || page < 0 || page > 1000) {
    throw new ApiError(400, 'INVALID_PARAMETER', 'Query parameter "page" must be a whole number from 0 to 1000', {
      fields: [{ path: 'page', message: 'Must be a whole number from 0 to 1000' }],
    });
  }
  return page;
}

/**
 * What the sections need of a pipe (its service, kind and destination) changes only when someone
 * edits the pipe, so it is read once a minute per pipe, not on every section of every page: the
 * cloud budget is shared by everyone, and three sections would otherwise each spend it.
 */
const pipeRecords = new LRUCache<string, PipeRecord>({ max: 1_000, ttl: 60_000 });

async function pipeRecord(p: PipeParams): Promise<PipeRecord> {
  const key = `${p.organizationId}|${p.serviceId}|${p.pipeId}`;
  const known = pipeRecords.get(key);
  if (known) return known;
  const result = await cloudApi.call(
    'get',
    '/v1/organizations/{organizationId}/services/{serviceId}/clickpipes/{clickPipeId}',
    {
      params: { ...p, clickPipeId: p.pipeId },
    },
  );
  const record = (sanitize(result.data) as CloudEnvelope<PipeRecord>).result;
  pipeRecords.set(key, record);
  return record;
}

const NO_STORE = { 'cache-control': 'no-store' };

export async function sectionResponse(p: SectionParams, request: Request, wake: boolean): Promise<Response> {
  const page = pageOf(request);
  const pipe = await pipeRecord(p);
  return jsonResponse({ data: await readSection(pipe, p.section, page, { wake }) }, 200, NO_STORE);
}

export async function accessResponse(p: ServiceParams, enable: boolean): Promise<Response> {
  return jsonResponse({ data: enable ? await enableAccess(p) : await readAccess(p) }, 200, NO_STORE);
}

const MAX_REASON_PIPES = 200;

/** `?ids=a,b`: the newest reason of each named pipe (the failed ones of a list), never waking the service. */
export async function reasonsResponse(p: ServiceParams, request: Request): Promise<Response> {
  const raw = new URL(request.url).searchParams.get('ids') ?? '';
  const ids = raw.split(',').filter((id) => id !== '');
  const uuid = z.uuid();
  if (ids.length > MAX_REASON_PIPES || ids.some((id) => !z.safeParse(uuid, id).success)) {
    throw new ApiError(
      400,
      'INVALID_PARAMETER',
      `Query parameter "ids" must be up to ${MAX_REASON_PIPES} pipe ids separated by commas`,
      {
        fields: [{ path: 'ids', message: 'Must be pipe ids separated by commas' }],
      },
    );
  }
  return jsonResponse({ data: await newestReasons(p.serviceId, ids) }, 200, NO_STORE);
}
