import 'server-only';
import type { PipeTimelineView } from '@/lib/pipes/history/timeline';
import { ApiError, jsonResponse } from '../errors';
import { log } from '../log';
import type { PipeParams } from '../route-params';
import { pipeTimeline } from './read';
import { DAY_MS, metricsRetentionDays } from './retention';

/** `GET /api/pipe-history/{organizationId}/{serviceId}/{pipeId}`: the pipe's state timeline over the retention. */
export async function pipeTimelineDetail(p: PipeParams): Promise<Response> {
  const retentionDays = metricsRetentionDays();
  const since = Date.now() - retentionDays * DAY_MS;
  let events: PipeTimelineView['events'];
  try {
    events = await pipeTimeline(p.pipeId, since);
  } catch (error) {
    log.error({ err: error, pipeId: p.pipeId }, 'pipe state timeline could not be read');
    throw new ApiError(
      503,
      'HISTORY_UNAVAILABLE',
      "The pipe's history could not be read from the console's database; details are in its log",
    );
  }
  const body: PipeTimelineView = { since, retentionDays, events };
  return jsonResponse(body, 200, { 'cache-control': 'no-store' });
}
