import 'server-only';
import { randomUUID } from 'node:crypto';
import type { PipeSample } from '@/lib/pipes/metrics/parse';
import type { Queryable } from '../db/types';
import { log } from '../log';
import { contractMismatches, notificationEvaluations, upstreamBudgetExhausted } from '../metrics';
import { RuleEvaluator, type ApiKeyInfo, type EvalRule } from './evaluate';
import { applyConditions, type IncidentChanges } from './incidents';
import { holdLease, LEASE_TTL_SECONDS, releaseLease } from './lease';
import { drainOutbox } from './outbox';
import { listRules, type RuleRow } from './rules';
import { publicBaseUrl, remindAfterMs } from './settings';

/** What one scrape of a service saw (absent pipes: the round was skipped). */
export interface ScrapeObservation {
  at: number;
  serviceId: string;
  pipes?: readonly PipeSample[];
}

export interface EngineDeps {
  db: () => Promise<Queryable>;
  /** The failure reasons of pipes, where the service's log can be read; `{}` otherwise. */
  reasons?: (serviceId: string, pipeIds: string[]) => Promise<Record<string, string>>;
  /** The organization's API keys; called at most every `keysEveryMs`. */
  keys?: () => Promise<ApiKeyInfo[]>;
  keysEveryMs?: number;
  now?: () => number;
}

/** How often the outbox is looked at: the first retry (5 s after a failure) goes out within 10 s. */
export const OUTBOX_TICK_MS = 2_000;

async function counterTotal(
  metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> },
  upstream: string,
): Promise<number> {
  const { values } = await metric.get();
  return values.filter((entry) => entry.labels.upstream === upstream).reduce((sum, entry) => sum + entry.value, 0);
}

export function evalRules(rows: readonly RuleRow[]): EvalRule[] {
  return rows
    .filter((row) => row.enabled)
    .map((row) => {
      const scope = row.scope ? (JSON.parse(row.scope) as { serviceIds?: string[]; pipeIds?: string[] }) : undefined;
      return {
        id: row.id,
        event: row.event,
        ...(row.threshold === null ? {} : { threshold: Number(row.threshold) }),
        forMinutes: row.for_minutes,
        ...(scope?.serviceIds?.length ? { serviceIds: new Set(scope.serviceIds) } : {}),
        ...(scope?.pipeIds?.length ? { pipeIds: new Set(scope.pipeIds) } : {}),
      };
    });
}

/**
 * The console's watcher: called once per scrape, it evaluates the rules and queues messages, and
 * a timer sends what the outbox holds. With several consoles only the lease holder does either.
 */
export class NotificationEngine {
  readonly holder = randomUUID();
  private readonly evaluator = new RuleEvaluator();
  private keys: ApiKeyInfo[] | undefined;
  private keysAt = -Infinity;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<number> | undefined;
  private evaluating: Promise<IncidentChanges | undefined> = Promise.resolve(undefined);
  private leaseUntil = 0;

  constructor(private readonly deps: EngineDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** Renews the lease when it is past half its life; true while this console holds it. */
  async leader(): Promise<boolean> {
    const now = this.now();
    if (now < this.leaseUntil - (LEASE_TTL_SECONDS * 1000) / 2) return true;
    const held = await holdLease(await this.deps.db(), this.holder);
    this.leaseUntil = held ? now + LEASE_TTL_SECONDS * 1000 : 0;
    return held;
  }

  /** One scrape's evaluation, after the previous one (scrapes of several services never interleave). */
  onScrape(observation: ScrapeObservation): Promise<IncidentChanges | undefined> {
    this.evaluating = this.evaluating
      .then(() => this.evaluate(observation))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'notification rules could not be evaluated');
        return undefined;
      });
    return this.evaluating;
  }

  private async evaluate(observation: ScrapeObservation): Promise<IncidentChanges | undefined> {
    if (!(await this.leader())) return undefined;
    const db = await this.deps.db();
    const rows = await listRules(db);
    const rules = evalRules(rows);
    const unjudged = new Set<string>();
    if (rules.some((rule) => rule.event === 'key_expiring')) await this.refreshKeys();
    if (!this.keys) for (const rule of rules) if (rule.event === 'key_expiring') unjudged.add(rule.id);
    const conditions = this.evaluator.evaluate(rules, {
      ...observation,
      budgetRefusals: await counterTotal(upstreamBudgetExhausted, 'cloud'),
      contractMismatches: await counterTotal(contractMismatches, 'cloud'),
      ...(this.keys ? { keys: this.keys } : {}),
    });
    notificationEvaluations.inc();
    const changes = await applyConditions(db, rows, conditions, {
      now: new Date(this.now()),
      remindAfterMs: remindAfterMs(),
      baseUrl: publicBaseUrl(),
      unjudged,
      ...(this.deps.reasons ? { reasons: this.deps.reasons } : {}),
    });
    if (changes.opened + changes.reminded + changes.resolved > 0) void this.drain();
    return changes;
  }

  private async refreshKeys(): Promise<void> {
    if (!this.deps.keys || this.now() - this.keysAt < (this.deps.keysEveryMs ?? 15 * 60_000)) return;
    this.keysAt = this.now();
    try {
      this.keys = await this.deps.keys();
    } catch (error) {
      log.info({ err: error }, 'API keys could not be read for the key expiry rule; tried again later');
    }
  }

  /** Sends what is due, if this console holds the lease; one drain at a time. */
  drain(): Promise<number> {
    this.draining ??= (async () => {
      try {
        if (!(await this.leader())) return 0;
        return await drainOutbox(await this.deps.db());
      } catch (error) {
        log.warn({ err: error }, 'notification outbox could not be sent');
        return 0;
      } finally {
        this.draining = undefined;
      }
    })();
    return this.draining;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.drain(), OUTBOX_TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
    if (this.leaseUntil > 0) {
      this.leaseUntil = 0;
      await releaseLease(await this.deps.db(), this.holder).catch(() => {});
    }
  }
}
