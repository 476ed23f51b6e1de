import 'server-only';
import type { PipeSamples } from '@/lib/pipes/metrics/parse';
import { consoleDatabase } from '../db/shared';
import { trackUntilShutdown } from '../lifecycle';
import { log } from '../log';
import { pipeHistoryWriteFailures } from './metrics';
import { DAY_MS, metricsRetentionDays } from './retention';
import { writeScrape, type WriteOutcome } from './store';

export interface ScrapeRecord {
  organizationId: string;
  serviceId: string;
  at: number;
  samples: PipeSamples;
  intervalMs: number;
}

/** Listeners told of the state changes each written scrape found (a change is told once, by the console that wrote it). */
type StateChangeListener = (changes: Extract<WriteOutcome, { written: true }>['stateChanges']) => void;
const listeners = new Set<StateChangeListener>();

export function onPipeStateChanges(listener: StateChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The one write path of pipe history: a scrape's samples and state changes into the console's
 * database. Never throws: the scrape has been read and is shown either way, so a failure here is
 * logged and counted (`sluice_pipe_history_write_failures_total`). A stopping server waits for it
 * before it closes the database.
 */
export function recordScrape(scrape: ScrapeRecord): Promise<WriteOutcome> {
  return trackUntilShutdown(write(scrape));
}

async function write(scrape: ScrapeRecord): Promise<WriteOutcome> {
  let outcome: WriteOutcome;
  try {
    const db = await consoleDatabase();
    outcome = await writeScrape(db, scrape, metricsRetentionDays() * DAY_MS);
  } catch (error) {
    pipeHistoryWriteFailures.inc();
    log.error({ err: error, serviceId: scrape.serviceId, at: scrape.at }, 'pipe history could not be written');
    return { written: false };
  }
  if (outcome.written && outcome.stateChanges.length > 0) {
    for (const listener of listeners) {
      try {
        listener(outcome.stateChanges);
      } catch (error) {
        log.error({ err: error }, 'a pipe state change listener failed');
      }
    }
  }
  return outcome;
}
