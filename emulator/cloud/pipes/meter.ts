/**
 * What a pipe has moved, as the cloud's Prometheus endpoint counts it. Counters advance only while
 * the pipe ingests (Running, Snapshot, Resync); a Failed pipe counts errors instead; every other
 * state leaves them where they are. The counters are integrated exactly between two moments (a
 * state change or a scrape), so two scrapes a second apart agree with one scrape after both.
 */
import { kindOf, type Pipe, type PipeMeter, type PipeProfile, type PipeState } from './types';

const INGESTING: readonly PipeState[] = ['Running', 'Snapshot', 'Resync'];
export const isIngesting = (state: PipeState) => INGESTING.includes(state);

/** Length of the slow swing of the rates (10 minutes) and its depth. */
const SWING_SECONDS = 600;
const SWING_DEPTH = 0.25;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A number in [0, 1) from the pipe id and a salt: the same pipe always gets the same profile. */
const unit = (id: string, salt: string) => hash(`${salt}:${id}`) / 2 ** 32;

export function profileFor(pipe: Pipe, overrides: Partial<PipeProfile> = {}): PipeProfile {
  const kind = kindOf(pipe);
  const base = kind === 'postgres' ? 300 : kind === 'objectStorage' ? 1500 : 800;
  return {
    eventsPerSecond: Math.round(base * (0.5 + unit(pipe.id, 'rate'))),
    bytesPerEvent: Math.round(180 + 400 * unit(pipe.id, 'size')),
    compression: 0.3 + 0.3 * unit(pipe.id, 'compression'),
    errorRatio: 0,
    failedErrorsPerSecond: 0.5,
    latencyMs: Math.round(
      (kind === 'objectStorage' ? 4000 : kind === 'postgres' ? 1500 : 250) * (0.6 + unit(pipe.id, 'latency')),
    ),
    phase: 2 * Math.PI * unit(pipe.id, 'phase'),
    ...overrides,
  };
}

export function newMeter(
  profile: PipeProfile,
  at: number,
  totals: { sentEvents?: number; errors?: number; lastEventAt?: number | null } = {},
): PipeMeter {
  const sent = totals.sentEvents ?? 0;
  const fetched = sent / (1 - profile.errorRatio);
  const bytes = fetched * profile.bytesPerEvent;
  return {
    profile,
    at,
    fetchedEvents: Math.round(fetched),
    sentEvents: Math.round(sent),
    fetchedBytes: Math.round(bytes),
    fetchedBytesCompressed: Math.round(bytes * profile.compression),
    sentBytes: Math.round(sent * profile.bytesPerEvent),
    sentBytesCompressed: Math.round(sent * profile.bytesPerEvent * profile.compression),
    fetchedBytesInitialLoad: 0,
    fetchedBytesResync: 0,
    errors: Math.round((totals.errors ?? 0) + (fetched - sent)),
    lastEventAt: totals.lastEventAt ?? (sent > 0 ? at : null),
  };
}

/** The swing factor at time `t` (seconds), between 1 - depth and 1 + depth. */
export function swing(profile: PipeProfile, t: number): number {
  return 1 + SWING_DEPTH * Math.sin((2 * Math.PI * t) / SWING_SECONDS + profile.phase);
}

/** ∫ swing dt from a to b (seconds), exactly. */
function swingIntegral(profile: PipeProfile, a: number, b: number): number {
  const k = (2 * Math.PI) / SWING_SECONDS;
  return b - a + (SWING_DEPTH / k) * (Math.cos(k * a + profile.phase) - Math.cos(k * b + profile.phase));
}

/** Accounts the time from `meter.at` to `now` in `state` (the state the pipe was in all along). */
export function advance(meter: PipeMeter, pipe: Pipe, state: PipeState, now: number): void {
  if (now <= meter.at) return;
  const a = meter.at / 1000;
  const b = now / 1000;
  meter.at = now;
  const p = meter.profile;
  if (state === 'Failed') {
    meter.errors += p.failedErrorsPerSecond * (b - a);
    return;
  }
  if (!isIngesting(state)) return;
  const fetched = p.eventsPerSecond * swingIntegral(p, a, b);
  const sent = fetched * (1 - p.errorRatio);
  const bytes = fetched * p.bytesPerEvent;
  meter.fetchedEvents += fetched;
  meter.sentEvents += sent;
  meter.errors += fetched - sent;
  meter.fetchedBytes += bytes;
  meter.fetchedBytesCompressed += bytes * p.compression;
  meter.sentBytes += sent * p.bytesPerEvent;
  meter.sentBytesCompressed += sent * p.bytesPerEvent * p.compression;
  if (kindOf(pipe) === 'postgres' && state === 'Snapshot') meter.fetchedBytesInitialLoad += bytes;
  if (kindOf(pipe) === 'postgres' && state === 'Resync') meter.fetchedBytesResync += bytes;
  if (fetched > 0) meter.lastEventAt = now;
}
