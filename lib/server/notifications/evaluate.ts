import type { PipeSample } from '@/lib/pipes/metrics/parse';
import type { RuleEvent } from '@/lib/schemas/notifications';

/**
 * Judges the rules against what one scrape saw, in memory and without I/O (it runs once per
 * scrape, for every pipe and every rule). "For M minutes" is measured from the first scrape that
 * saw the condition; a scrape that does not see it starts the clock again.
 */
export interface EvalRule {
  id: string;
  event: RuleEvent;
  threshold?: number;
  forMinutes: number;
  serviceIds?: ReadonlySet<string>;
  pipeIds?: ReadonlySet<string>;
}

export interface ApiKeyInfo {
  id: string;
  name: string;
  expiresAt?: string;
  state?: string;
}

export interface Observation {
  at: number;
  serviceId: string;
  /** The service's pipes as the scrape saw them; absent when this round had no scrape (skipped). */
  pipes?: readonly PipeSample[];
  /** Calls refused so far because the cloud budget could not serve them. */
  budgetRefusals: number;
  /** Upstream answers so far that broke the published contract. */
  contractMismatches: number;
  /** The organization's keys, when known. */
  keys?: readonly ApiKeyInfo[];
}

export interface ConditionDetails {
  pipe?: { id: string; name: string; serviceId: string };
  key?: { id: string; name: string; expiresAt: string };
  /** The measured value that crossed the threshold (errors per minute, MiB, days). */
  value?: number;
}

export interface Condition {
  ruleId: string;
  /** What the incident is about: a pipe id, a key id, or the console itself. */
  subject: string;
  details: ConditionDetails;
}

/** A stalled pipe with no window of its own is judged over ten minutes. */
export const DEFAULT_STALL_MINUTES = 10;
/** A contract mismatch keeps its incident open this long after the last one seen. */
const CONTRACT_QUIET_MINUTES = 10;
const MINUTE = 60_000;
const DAY = 24 * 3_600_000;

interface PipeMemory {
  /** Scrapes come one service at a time: a pipe is forgotten only when its own service's scrape lacks it. */
  serviceId: string;
  at: number;
  errors: number;
  fetchedEvents: number;
  /** When its fetched-events counter last moved (or it was first seen). */
  movedAt: number;
}

export function inScope(rule: EvalRule, serviceId: string, pipeId: string): boolean {
  if (!rule.serviceIds && !rule.pipeIds) return true;
  return (rule.serviceIds?.has(serviceId) ?? false) || (rule.pipeIds?.has(pipeId) ?? false);
}

interface Holding {
  first: number;
  /** The evaluation that last saw it hold; older ones are dropped at the end of a round. */
  round: number;
  /** The service of a pipe's condition: another service's scrape does not judge it. */
  serviceId?: string;
}

export class RuleEvaluator {
  private readonly pipes = new Map<string, PipeMemory>();
  /** Per rule, per subject: since when the condition holds. */
  private readonly since = new Map<string, Map<string, Holding>>();
  private round = 0;
  private lastBudgetRefusals: number | undefined;
  private lastContractMismatches: number | undefined;
  private lastMismatchAt = -Infinity;
  private budgetExhausted = false;
  private lastActive: Condition[] = [];

  evaluate(rules: readonly EvalRule[], observation: Observation): Condition[] {
    const { at, serviceId } = observation;
    const round = ++this.round;
    this.observeConsole(observation);
    const active: Condition[] = [];
    const rates = observation.pipes ? this.observePipes(observation.pipes, at, serviceId) : undefined;
    for (const rule of rules) {
      let holding = this.since.get(rule.id);
      if (!holding) {
        holding = new Map();
        this.since.set(rule.id, holding);
      }
      const hold = (
        subject: string,
        details: () => ConditionDetails,
        forMinutes = rule.forMinutes,
        pipeService?: string,
      ) => {
        let entry = holding.get(subject);
        if (entry) entry.round = round;
        else {
          entry = { first: at, round, ...(pipeService ? { serviceId: pipeService } : {}) };
          holding.set(subject, entry);
        }
        if (at - entry.first >= forMinutes * MINUTE) active.push({ ruleId: rule.id, subject, details: details() });
      };
      switch (rule.event) {
        case 'pipe_failed':
        case 'pipe_errors':
        case 'pipe_stalled':
        case 'replication_lag': {
          if (!observation.pipes || !rates) {
            // No scrape this round: nothing new to judge, so the conditions stay as they were.
            for (const entry of holding.values()) entry.round = round;
            for (const condition of this.lastActive) if (condition.ruleId === rule.id) active.push(condition);
            break;
          }
          // Other services' pipes are judged by their own scrapes: what holds for them stays.
          for (const entry of holding.values())
            if (entry.serviceId && entry.serviceId !== serviceId) entry.round = round;
          for (const condition of this.lastActive)
            if (
              condition.ruleId === rule.id &&
              condition.details.pipe &&
              condition.details.pipe.serviceId !== serviceId
            )
              active.push(condition);
          const threshold = rule.threshold ?? 0;
          const stallWindow = (rule.forMinutes || DEFAULT_STALL_MINUTES) * MINUTE;
          for (const pipe of observation.pipes) {
            if ((rule.serviceIds || rule.pipeIds) && !inScope(rule, serviceId, pipe.id)) continue;
            const about = (value?: number) => () => ({
              pipe: { id: pipe.id, name: pipe.name ?? pipe.id, serviceId },
              ...(value === undefined ? {} : { value }),
            });
            if (rule.event === 'pipe_failed') {
              if (pipe.state === 'Failed') hold(pipe.id, about(), rule.forMinutes, serviceId);
            } else if (rule.event === 'pipe_errors') {
              const perMinute = rates.get(pipe.id)?.errorsPerMinute;
              if (perMinute !== undefined && perMinute > threshold)
                hold(pipe.id, about(perMinute), rule.forMinutes, serviceId);
            } else if (rule.event === 'replication_lag') {
              if (pipe.replicationLagMiB !== undefined && pipe.replicationLagMiB > threshold)
                hold(pipe.id, about(pipe.replicationLagMiB), rule.forMinutes, serviceId);
            } else if (pipe.state === 'Running') {
              const movedAt = rates.get(pipe.id)?.movedAt;
              if (movedAt !== undefined && at - movedAt >= stallWindow) hold(pipe.id, about(), 0, serviceId);
            }
          }
          break;
        }
        case 'key_expiring':
          for (const key of observation.keys ?? []) {
            if (!key.expiresAt || key.state === 'disabled') continue;
            const left = Date.parse(key.expiresAt) - at;
            if (Number.isFinite(left) && left <= (rule.threshold ?? 7) * DAY) {
              hold(`key:${key.id}`, () => ({
                key: { id: key.id, name: key.name, expiresAt: key.expiresAt! },
                value: Math.floor(left / DAY),
              }));
            }
          }
          break;
        case 'budget_exhausted':
          if (this.budgetExhausted) hold('console:budget', () => ({}));
          break;
        case 'contract_mismatch':
          if (at - this.lastMismatchAt < Math.max(rule.forMinutes, CONTRACT_QUIET_MINUTES) * MINUTE)
            hold('console:contract', () => ({}), 0);
          break;
      }
      for (const [subject, entry] of holding) if (entry.round !== round) holding.delete(subject);
    }
    const ruleIds = new Set(rules.map((rule) => rule.id));
    for (const id of this.since.keys()) if (!ruleIds.has(id)) this.since.delete(id);
    this.lastActive = active;
    return active;
  }

  private observeConsole(observation: Observation): void {
    if (this.lastBudgetRefusals !== undefined)
      this.budgetExhausted = observation.budgetRefusals > this.lastBudgetRefusals;
    this.lastBudgetRefusals = observation.budgetRefusals;
    if (this.lastContractMismatches !== undefined && observation.contractMismatches > this.lastContractMismatches)
      this.lastMismatchAt = observation.at;
    this.lastContractMismatches = observation.contractMismatches;
  }

  private observePipes(pipes: readonly PipeSample[], at: number, serviceId: string): Map<string, PipeRates> {
    const rates = new Map<string, PipeRates>();
    for (const pipe of pipes) {
      const before = this.pipes.get(pipe.id);
      const minutes = before ? (at - before.at) / MINUTE : 0;
      // A counter that went down was reset (the pipe restarted): no rate from this pair.
      const errorsPerMinute =
        before && minutes > 0 && pipe.errors >= before.errors ? (pipe.errors - before.errors) / minutes : undefined;
      const movedAt = !before || pipe.fetchedEvents !== before.fetchedEvents ? at : before.movedAt;
      if (before) {
        before.at = at;
        before.errors = pipe.errors;
        before.fetchedEvents = pipe.fetchedEvents;
        before.movedAt = movedAt;
      } else
        this.pipes.set(pipe.id, { serviceId, at, errors: pipe.errors, fetchedEvents: pipe.fetchedEvents, movedAt });
      rates.set(pipe.id, { errorsPerMinute, movedAt });
    }
    // Pipes gone from their service's scrape (deleted) are forgotten.
    for (const [id, memory] of this.pipes)
      if (memory.serviceId === serviceId && memory.at !== at) this.pipes.delete(id);
    return rates;
  }
}

interface PipeRates {
  errorsPerMinute?: number;
  movedAt: number;
}
