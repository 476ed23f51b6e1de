import 'server-only';
import { consoleDatabase } from '../db/shared';
import { consoleContext } from '../env';
import { newestReasons } from '../diagnosis/sections';
import { onShutdown } from '../lifecycle';
import { log } from '../log';
import { pipeMetricsSampler } from '../pipe-metrics/service';
import { cloudApi } from '../upstream/typed';
import { NotificationEngine } from './engine';
import type { ApiKeyInfo } from './evaluate';

/** A failure reason is worth a short wait, never a stuck evaluation. */
const REASON_WAIT_MS = 5_000;

async function failureReasons(serviceId: string, pipeIds: string[]): Promise<Record<string, string>> {
  try {
    const found = await Promise.race([
      newestReasons(serviceId, pipeIds),
      new Promise<Record<string, never>>((resolve) => setTimeout(() => resolve({}), REASON_WAIT_MS).unref()),
    ]);
    return Object.fromEntries(
      Object.entries(found)
        .filter(([, reason]) => reason.message)
        .map(([id, reason]) => [id, reason.message]),
    );
  } catch (error) {
    log.info({ err: error, serviceId }, 'failure reasons could not be read for a notification');
    return {};
  }
}

async function organizationKeys(): Promise<ApiKeyInfo[]> {
  const { organizationId } = consoleContext();
  const answer = await cloudApi.request('get', '/v1/organizations/{organizationId}/keys', {
    params: { organizationId },
  });
  return (answer.result ?? []).map((key) => ({
    id: key.id ?? '',
    name: key.name ?? '',
    ...(key.expireAt ? { expiresAt: key.expireAt } : {}),
    ...(key.state ? { state: key.state } : {}),
  }));
}

const holder = globalThis as typeof globalThis & { __sluiceNotifications?: NotificationEngine };

/** One engine per process (on globalThis: Next may load this module more than once). */
export function notificationEngine(): NotificationEngine {
  holder.__sluiceNotifications ??= new NotificationEngine({
    db: consoleDatabase,
    reasons: failureReasons,
    keys: organizationKeys,
  });
  return holder.__sluiceNotifications;
}

/** Starts watching when the server starts: evaluation follows the pipe metrics scrapes. */
export function startNotifications(): void {
  const engine = notificationEngine();
  pipeMetricsSampler().onScrape((scrape) => {
    void engine.onScrape({
      at: scrape.at,
      serviceId: scrape.serviceId,
      ...(scrape.pipes ? { pipes: scrape.pipes } : {}),
    });
  });
  engine.start();
  onShutdown('notifications', 'flush', () => engine.stop());
}
