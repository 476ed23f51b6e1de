'use client';

/**
 * `<TimeRangeBar />`: the dashboard-wide time range controls, bound to the URL through
 * `useTimeRange()` (no props). Presets from 15 minutes to 30 days, a custom absolute range (two
 * datetime-local fields, checked: both required, From before To, each error on its field),
 * granularity (auto or chosen), live refresh for ranges ending now, "Refresh now" and a link
 * copy that reproduces the view.
 */
import { useQueryClient } from '@tanstack/react-query';
import { memo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { TextField } from '@/components/ui/text-field';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { chartKeys } from '@/lib/api/charts/keys';
import { GRANULARITIES, type GranularityOption } from '@/lib/charts/granularity';
import {
  RANGE_PRESETS,
  REFRESH_OPTIONS,
  isRangePreset,
  isRefreshOption,
  toDateTimeLocal,
  validateCustomRange,
  type CustomRangeErrors,
  type TimeRangeState,
} from './time-range';
import { useTimeRange } from './use-time-range';
import styles from './time-range.module.css';

const CUSTOM = 'custom';
const RANGE_OPTIONS: SelectOption[] = [
  ...Object.entries(RANGE_PRESETS).map(([value, preset]) => ({ value, label: preset.label })),
  { value: CUSTOM, label: 'Custom range…' },
];
const GRANULARITY_OPTIONS: SelectOption[] = [
  { value: 'auto', label: 'Auto' },
  ...Object.keys(GRANULARITIES).map((g) => ({ value: g, label: g })),
];
const REFRESH_SELECT_OPTIONS: SelectOption[] = Object.entries(REFRESH_OPTIONS).map(([value, option]) => ({
  value,
  label: option.label,
}));

/** Memoized: it reads everything from the URL, so its parents' re-renders never concern it. */
export const TimeRangeBar = memo(function TimeRangeBar() {
  const { state, range, setTimeRange, refreshNow, href } = useTimeRange();
  const queryClient = useQueryClient();
  const [customOpen, setCustomOpen] = useState(false);
  const isAbsolute = state.window.kind === 'absolute';
  const showCustom = customOpen || isAbsolute;

  const update = (patch: Partial<TimeRangeState>) => setTimeRange({ ...state, ...patch });
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className={styles.bar} role="group" aria-label="Time range">
      <div className={styles.controls}>
        <SelectField
          label="Time range"
          options={RANGE_OPTIONS}
          value={showCustom ? CUSTOM : state.window.kind === 'relative' ? state.window.preset : CUSTOM}
          onChange={(event) => {
            const value = event.target.value;
            if (isRangePreset(value)) {
              setCustomOpen(false);
              update({ window: { kind: 'relative', preset: value } });
            } else {
              setCustomOpen(true);
            }
          }}
        />
        <SelectField
          label="Granularity"
          options={GRANULARITY_OPTIONS}
          value={state.granularity}
          onChange={(event) => update({ granularity: event.target.value as GranularityOption })}
        />
        <SelectField
          label="Live refresh"
          options={REFRESH_SELECT_OPTIONS}
          value={state.refresh}
          disabled={isAbsolute}
          title={isAbsolute ? 'A custom range is fixed: nothing new to refresh' : undefined}
          onChange={(event) => {
            if (isRefreshOption(event.target.value)) update({ refresh: event.target.value });
          }}
        />
        <div className={styles.buttons}>
          <Button
            onClick={() => {
              refreshNow();
              // A live range keeps its query key (its length): ask its charts again explicitly.
              if (state.refresh !== 'off') void queryClient.invalidateQueries({ queryKey: chartKeys.all });
            }}
            disabled={isAbsolute}
          >
            Refresh now
          </Button>
          <CopyButton value={`${origin}${href}`} label="Copy link to this view" text="Copy link" size="md" />
        </div>
      </div>
      {showCustom && (
        <CustomRangeForm
          key={isAbsolute ? `${range.startMs}-${range.endMs}` : 'new'}
          initialFrom={range.startMs}
          initialTo={range.endMs}
          onApply={(fromMs, toMs) => {
            setCustomOpen(false);
            update({ window: { kind: 'absolute', fromMs, toMs }, refresh: 'off' });
          }}
          onCancel={isAbsolute ? undefined : () => setCustomOpen(false)}
        />
      )}
    </div>
  );
});

function CustomRangeForm({
  initialFrom,
  initialTo,
  onApply,
  onCancel,
}: {
  initialFrom: number;
  initialTo: number;
  onApply: (fromMs: number, toMs: number) => void;
  onCancel?: () => void;
}) {
  const [from, setFrom] = useState(() => toDateTimeLocal(initialFrom));
  const [to, setTo] = useState(() => toDateTimeLocal(initialTo));
  const [errors, setErrors] = useState<CustomRangeErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateCustomRange(from, to);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    onApply(result.fromMs, result.toMs);
  }

  return (
    <form className={styles.custom} aria-label="Custom time range" noValidate onSubmit={submit}>
      <TextField
        type="datetime-local"
        label="From"
        value={from}
        error={errors.from}
        onChange={(e) => setFrom(e.target.value)}
      />
      <TextField
        type="datetime-local"
        label="To"
        value={to}
        error={errors.to}
        onChange={(e) => setTo(e.target.value)}
      />
      <div className={styles.buttons}>
        <Button type="submit" variant="primary">
          Apply range
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </div>
    </form>
  );
}
