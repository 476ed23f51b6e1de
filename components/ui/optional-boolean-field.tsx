import type { ReactNode, Ref } from 'react';
import { SelectField, type SelectOption } from './select-field';

const DEFAULT = '';
const OPTIONS: readonly SelectOption[] = [
  { value: DEFAULT, label: 'Default' },
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

export interface OptionalBooleanFieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  name: string;
  /** Anything but a boolean reads as "Default". */
  value: unknown;
  /** `null` for "Default": the field is left out of the request. */
  onChange: (value: boolean | null) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLSelectElement>;
  /** Of the field's frame (label, hint, select, error). */
  className?: string;
}

/** Yes, No or Default: a checkbox cannot say "leave it to the upstream's default", so "not sent" stays distinct from "off". */
export function OptionalBooleanField({ value, onChange, ...rest }: OptionalBooleanFieldProps) {
  return (
    <SelectField
      {...rest}
      options={OPTIONS}
      value={typeof value === 'boolean' ? String(value) : DEFAULT}
      onChange={(event) => onChange(event.target.value === DEFAULT ? null : event.target.value === 'true')}
    />
  );
}
