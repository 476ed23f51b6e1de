'use client';

/**
 * Fields bound to the wizard's one form by their path: each shows the error the shared schema (or
 * the server) put at that path, so no step has to thread errors by hand.
 */
import { createContext, useContext, useId, type ReactNode } from 'react';
import {
  Controller,
  get,
  useFormContext,
  useFormState,
  type FieldError as HookFieldError,
  type Path,
} from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FieldError } from '@/components/ui/field-error';
import { NumberField } from '@/components/ui/number-field';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import type { NumberBounds } from '@/lib/schemas/pipes/bounds';
import type { WizardValues } from './wizard-values';

export type WizardPath = Path<WizardValues>;

/** The first message at or below `path`: list fields typed as text get their items' errors too. */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const message = (error as HookFieldError).message;
  if (typeof message === 'string' && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'type') continue;
    const nested = firstMessage(value);
    if (nested) return nested;
  }
  return undefined;
}

export function useFieldError(path: string): string | undefined {
  const { errors } = useFormState<WizardValues>({ name: path as WizardPath });
  return firstMessage(get(errors, path));
}

/** Paths of secrets a restored draft had to leave empty. */
export const ClearedSecretsContext = createContext<ReadonlySet<string>>(new Set());

const SECRET_NOT_KEPT = 'Not kept after a reload: secrets never stay in the browser. Enter it again.';

interface BaseProps {
  name: WizardPath;
  label: ReactNode;
  hint?: ReactNode;
}

export function FormText({
  name,
  label,
  hint,
  mono,
  secret,
  placeholder,
  type = 'text',
  step,
  labelHidden,
}: BaseProps & {
  mono?: boolean;
  secret?: boolean;
  placeholder?: string;
  type?: 'text' | 'datetime-local' | 'url';
  step?: number;
  labelHidden?: boolean;
}) {
  const { register } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const cleared = useContext(ClearedSecretsContext).has(name);
  return (
    <TextField
      label={label}
      hint={cleared ? SECRET_NOT_KEPT : hint}
      error={error}
      mono={mono}
      labelHidden={labelHidden}
      placeholder={placeholder}
      type={secret ? 'password' : type}
      step={step}
      autoComplete={secret ? 'new-password' : 'off'}
      spellCheck={false}
      {...register(name)}
    />
  );
}

export function FormTextarea({
  name,
  label,
  hint,
  rows,
  secret,
  placeholder,
}: BaseProps & { rows?: number; secret?: boolean; placeholder?: string }) {
  const { register } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const cleared = useContext(ClearedSecretsContext).has(name);
  return (
    <TextareaField
      label={label}
      hint={cleared && secret ? SECRET_NOT_KEPT : hint}
      error={error}
      mono
      rows={rows}
      placeholder={placeholder}
      autoComplete="off"
      {...register(name)}
    />
  );
}

export function FormSelect({
  name,
  label,
  hint,
  options,
  onValueChange,
}: BaseProps & { options: readonly SelectOption[]; onValueChange?: (value: string) => void }) {
  const { register } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const registration = register(name, { onChange: (event) => onValueChange?.(event.target.value) });
  return <SelectField label={label} hint={hint} error={error} options={options} {...registration} />;
}

export function FormCheckbox({
  name,
  label,
  description,
}: {
  name: WizardPath;
  label: ReactNode;
  description?: ReactNode;
}) {
  const { register } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  const errorId = useId();
  return (
    <div>
      <Checkbox
        label={label}
        description={description}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        {...register(name)}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** "125–2000 millicores, whole numbers", or "at least 1" where the spec gives no maximum. */
export function rangeHint(bounds: NumberBounds): string {
  const unit = bounds.unit ? ` ${bounds.unit}` : '';
  const range =
    bounds.max === undefined ? `at least ${bounds.min ?? 0}${unit}` : `${bounds.min ?? 0}–${bounds.max}${unit}`;
  return bounds.integer ? `${range}, whole numbers` : range;
}

/**
 * A bounded number whose limits come from the schema's constants; it checks itself on every
 * keystroke, so an out-of-range value is named before the person moves on.
 */
export function FormNumber({
  name,
  bounds,
  label,
  hint,
  description,
}: {
  name: WizardPath;
  bounds: NumberBounds;
  label?: ReactNode;
  hint?: ReactNode;
  description?: string;
}) {
  const { control, trigger } = useFormContext<WizardValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberField
          ref={field.ref}
          name={field.name}
          label={label ?? bounds.label}
          value={typeof field.value === 'number' ? field.value : undefined}
          onChange={(value) => {
            field.onChange(value);
            void trigger(name);
          }}
          onBlur={field.onBlur}
          min={bounds.min ?? 0}
          max={bounds.max ?? Number.MAX_SAFE_INTEGER}
          step={bounds.step ?? 0.5}
          hint={hint ?? rangeHint(bounds)}
          description={description}
          error={error}
        />
      )}
    />
  );
}

export const optionsOf = <K extends string>(
  values: readonly K[],
  labels?: Partial<Record<K, string>>,
): SelectOption[] => values.map((value) => ({ value, label: labels?.[value] ?? value }));
