'use client';

import { useState, type FormEvent } from 'react';
import { isoToLocalDateTime } from '@/components/format/time';
import { Button } from '@/components/ui/button';
import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { AUDIT_OPERATIONS } from '@/lib/audit/operations';
import { AUDIT_LIMITS } from '@/lib/schemas/audit-bounds';
import { filtersFromForm, type AuditFilterForm, type AuditFilters } from './audit-filters';
import styles from './audit.module.css';

const OPERATION_OPTIONS: SelectOption[] = [
  { value: '', label: 'All operations' },
  ...Object.entries(AUDIT_OPERATIONS).map(([value, label]) => ({ value, label })),
];

type FieldErrors = Partial<Record<keyof AuditFilterForm, string>>;

export interface AuditFilterBarProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/**
 * User, operation and time range, applied together. The page checks what a person can get wrong
 * here (the range's order); the server checks everything again and names any other problem.
 */
export function AuditFilterBar({ filters, onApply }: AuditFilterBarProps) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const active = Object.values(filters).some(Boolean);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const form: AuditFilterForm = {
      user: String(data.get('user') ?? ''),
      operation: String(data.get('operation') ?? ''),
      from: String(data.get('from') ?? ''),
      to: String(data.get('to') ?? ''),
    };
    const next = filtersFromForm(form);
    if (next.from && next.to && Date.parse(next.from) >= Date.parse(next.to)) {
      setErrors({ to: 'From must be before To' });
      return;
    }
    setErrors({});
    onApply(next);
  }

  return (
    // Keyed by the applied filters, so the fields show them again after "Clear" or a link.
    <form
      key={JSON.stringify(filters)}
      role="search"
      aria-label="Filter the audit log"
      className={styles.filters}
      noValidate
      onSubmit={submit}
    >
      <TextField
        name="user"
        label="User"
        defaultValue={filters.user ?? ''}
        maxLength={AUDIT_LIMITS.userMaxLength}
        autoComplete="off"
        spellCheck={false}
        error={errors.user}
      />
      <SelectField
        name="operation"
        label="Operation"
        options={OPERATION_OPTIONS}
        defaultValue={filters.operation ?? ''}
        error={errors.operation}
      />
      <TextField
        name="from"
        type="datetime-local"
        label="From"
        defaultValue={isoToLocalDateTime(filters.from)}
        error={errors.from}
      />
      <TextField
        name="to"
        type="datetime-local"
        label="To"
        defaultValue={isoToLocalDateTime(filters.to)}
        error={errors.to}
      />
      <div className={styles.filterActions}>
        <Button type="submit" variant="primary">
          Apply filters
        </Button>
        {active && (
          <Button
            onClick={() => {
              setErrors({});
              onApply({});
            }}
          >
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}
