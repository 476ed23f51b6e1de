/**
 * The dashboard time range as URL search parameters, pure so that it is unit-tested and a link
 * reproduces the view:
 *   range=15m|1h|6h|24h|7d|30d       a range ending now (the default, 24h, is left out of the URL)
 *   from=<epoch ms>&to=<epoch ms>    an absolute range instead (wins over `range`)
 *   granularity=auto|30s|…|30d       bucket size (auto by default)
 *   refresh=off|10s|30s|1m|5m        live refresh of a range ending now (off by default)
 */
import { isGranularity, type GranularityOption } from '@/lib/charts/granularity';
import type { ChartRange } from '@/lib/charts/tile-shape';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const RANGE_PRESETS = {
  '15m': { label: 'Last 15 minutes', ms: 15 * MINUTE },
  '1h': { label: 'Last hour', ms: HOUR },
  '6h': { label: 'Last 6 hours', ms: 6 * HOUR },
  '24h': { label: 'Last 24 hours', ms: DAY },
  '7d': { label: 'Last 7 days', ms: 7 * DAY },
  '30d': { label: 'Last 30 days', ms: 30 * DAY },
} as const;
export type RangePreset = keyof typeof RANGE_PRESETS;

export const REFRESH_OPTIONS = {
  off: { label: 'Off', ms: 0 },
  '10s': { label: 'Every 10 seconds', ms: 10_000 },
  '30s': { label: 'Every 30 seconds', ms: 30_000 },
  '1m': { label: 'Every minute', ms: MINUTE },
  '5m': { label: 'Every 5 minutes', ms: 5 * MINUTE },
} as const;
export type RefreshOption = keyof typeof REFRESH_OPTIONS;

export const DEFAULT_PRESET: RangePreset = '24h';
export const TIME_RANGE_PARAMS = ['range', 'from', 'to', 'granularity', 'refresh'] as const;

export type TimeWindow = { kind: 'relative'; preset: RangePreset } | { kind: 'absolute'; fromMs: number; toMs: number };

export interface TimeRangeState {
  window: TimeWindow;
  granularity: GranularityOption;
  refresh: RefreshOption;
}

export const DEFAULT_TIME_RANGE: TimeRangeState = {
  window: { kind: 'relative', preset: DEFAULT_PRESET },
  granularity: 'auto',
  refresh: 'off',
};

interface ParamsReader {
  get(name: string): string | null;
}

export function isRangePreset(value: unknown): value is RangePreset {
  return typeof value === 'string' && Object.hasOwn(RANGE_PRESETS, value);
}

export function isRefreshOption(value: unknown): value is RefreshOption {
  return typeof value === 'string' && Object.hasOwn(REFRESH_OPTIONS, value);
}

function epochParam(value: string | null): number | null {
  if (value === null || !/^\d{1,16}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** Reads the URL; anything unknown or inconsistent falls back to the default of that part. */
export function parseTimeRange(params: ParamsReader): TimeRangeState {
  const from = epochParam(params.get('from'));
  const to = epochParam(params.get('to'));
  const preset = params.get('range');
  const granularity = params.get('granularity');
  const refresh = params.get('refresh');
  const window: TimeWindow =
    from !== null && to !== null && from < to
      ? { kind: 'absolute', fromMs: from, toMs: to }
      : { kind: 'relative', preset: isRangePreset(preset) ? preset : DEFAULT_PRESET };
  return {
    window,
    granularity: granularity === 'auto' || isGranularity(granularity) ? granularity : 'auto',
    // A fixed range has nothing new to show: live refresh applies to ranges ending now.
    refresh: window.kind === 'relative' && isRefreshOption(refresh) ? refresh : 'off',
  };
}

/**
 * Writes the state into a copy of `current`, keeping its other parameters (e.g. a dashboard's
 * own) and leaving defaults out so that a plain link stays plain.
 */
export function serializeTimeRange(state: TimeRangeState, current: Iterable<[string, string]> = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of current) {
    if (!(TIME_RANGE_PARAMS as readonly string[]).includes(name)) params.append(name, value);
  }
  if (state.window.kind === 'absolute') {
    params.set('from', String(state.window.fromMs));
    params.set('to', String(state.window.toMs));
  } else if (state.window.preset !== DEFAULT_PRESET) {
    params.set('range', state.window.preset);
  }
  if (state.granularity !== 'auto') params.set('granularity', state.granularity);
  if (state.window.kind === 'relative' && state.refresh !== 'off') params.set('refresh', state.refresh);
  return params;
}

/**
 * Epoch milliseconds of the state at `nowMs`. A range ending now also carries its length and the
 * refresh period, so that a chart can re-resolve it at every refetch.
 */
export function resolveTimeRange(state: TimeRangeState, nowMs: number): ChartRange {
  if (state.window.kind === 'absolute') {
    return { startMs: state.window.fromMs, endMs: state.window.toMs, granularity: state.granularity };
  }
  const lengthMs = RANGE_PRESETS[state.window.preset].ms;
  const endMs = Math.floor(nowMs / 1000) * 1000;
  const refreshMs = REFRESH_OPTIONS[state.refresh].ms;
  return {
    startMs: endMs - lengthMs,
    endMs,
    granularity: state.granularity,
    relativeMs: lengthMs,
    ...(refreshMs > 0 ? { refreshMs } : {}),
  };
}

/** Same window, same granularity, same refresh: equal ranges need no new query. */
export function sameTimeRange(a: TimeRangeState, b: TimeRangeState): boolean {
  return serializeTimeRange(a).toString() === serializeTimeRange(b).toString();
}

/** `datetime-local` value (local time, minutes) of an epoch; '' for none. */
export function toDateTimeLocal(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Epoch of a `datetime-local` value in local time, or null when it is empty or not a date. */
export function fromDateTimeLocal(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}

export interface CustomRangeErrors {
  from?: string;
  to?: string;
}

/** Checks the two fields of a custom range; each error names its field. */
export function validateCustomRange(
  fromText: string,
  toText: string,
): { ok: true; fromMs: number; toMs: number } | { ok: false; errors: CustomRangeErrors } {
  const fromMs = fromDateTimeLocal(fromText);
  const toMs = fromDateTimeLocal(toText);
  const errors: CustomRangeErrors = {};
  if (fromText === '') errors.from = 'From is required';
  else if (fromMs === null) errors.from = 'From must be a date and time';
  if (toText === '') errors.to = 'To is required';
  else if (toMs === null) errors.to = 'To must be a date and time';
  if (fromMs !== null && toMs !== null && fromMs >= toMs) errors.to = 'To must be after From';
  if (errors.from || errors.to || fromMs === null || toMs === null) return { ok: false, errors };
  return { ok: true, fromMs, toMs };
}
