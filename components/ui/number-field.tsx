'use client';

import { useId, useState, type ReactNode, type Ref } from 'react';
import { cx } from './cx';
import { describedBy } from './text-field';
import styles from './field.module.css';
import { formatNumber } from '@/lib/format/number';

export interface NumberFieldProps {
  label: ReactNode;
  /** `undefined` while the input is empty or not a number. */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  onBlur?: () => void;
  /** Bounds as the schema's exported constants give them, in the unit the field shows; no `max` means unbounded above. */
  min: number;
  max?: number;
  /** No `step` means any fraction is allowed. */
  step?: number;
  unit?: string;
  /** Replaces the hint built from the bounds. */
  hint?: ReactNode;
  /** What the field means, below the input and the bounds hint. */
  description?: ReactNode;
  /** `below` puts the bounds hint under the input, for narrow columns where beside it would wrap unevenly. */
  hintPlacement?: 'beside' | 'below';
  error?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

function format(value: number | undefined): string {
  return value === undefined || Number.isNaN(value) ? '' : String(value);
}

function parse(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Long bounds (bytes, milliseconds) read better grouped: 53,687,091,200. */
const formatBound = (n: number) => (Math.abs(n) >= 10_000 ? formatNumber(n) : String(n));

export function boundsHint(min: number, max: number | undefined, step: number | undefined, unit?: string): string {
  const suffix = unit ? ` ${unit}` : '';
  const range =
    max === undefined ? `At least ${formatBound(min)}${suffix}` : `${formatBound(min)}–${formatBound(max)}${suffix}`;
  if (step === undefined) return range;
  return step === 1 ? `${range}, whole numbers` : `${range}, in steps of ${step}`;
}

/**
 * Keeps the typed text separately from the number so that intermediate input such as "1." or an
 * emptied field is not overwritten while the person types.
 */
export function NumberField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  step,
  unit,
  hint,
  description,
  hintPlacement = 'beside',
  error,
  name,
  id,
  disabled,
  ref,
}: NumberFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const [text, setText] = useState(() => format(value));
  const [lastValue, setLastValue] = useState(value);

  if (!Object.is(value, lastValue)) {
    setLastValue(value);
    if (!Object.is(parse(text), value)) setText(format(value));
  }

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={cx(styles.numberRow, hintPlacement === 'below' && styles.numberColumn)}>
        <input
          ref={ref}
          id={inputId}
          name={name}
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step ?? 'any'}
          value={text}
          disabled={disabled}
          className={cx(styles.input, styles.numberInput)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, description ? descriptionId : undefined, error ? errorId : undefined)}
          onChange={(event) => {
            setText(event.target.value);
            const next = parse(event.target.value);
            setLastValue(next);
            onChange(next);
          }}
          onBlur={onBlur}
        />
        <span id={hintId} className={styles.inlineHint}>
          {hint ?? boundsHint(min, max, step, unit)}
        </span>
      </div>
      {description && (
        <p id={descriptionId} className={styles.hint}>
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
