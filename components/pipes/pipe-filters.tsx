'use client';

import { SelectField, type SelectOption } from '@/components/ui/select-field';
import { PIPE_KIND_LABELS, PIPE_KINDS, type PipeKind, type PipeState } from '@/lib/schemas/pipes/bounds';
import { pipeStateLabel } from './pipe-state';
import type { PipeFilters as Filters } from './pipe-state';
import styles from './pipes.module.css';

export interface PipeFiltersProps {
  filters: Filters;
  /** States to offer, besides "All". */
  states: readonly PipeState[];
  onChange: (filters: Filters) => void;
}

const ALL = '';
const KIND_OPTIONS: SelectOption[] = [
  { value: ALL, label: 'All' },
  ...PIPE_KINDS.map((kind) => ({ value: kind, label: PIPE_KIND_LABELS[kind] })),
];

export function PipeFilters({ filters, states, onChange }: PipeFiltersProps) {
  return (
    <div className={styles.filters}>
      <SelectField
        label="State"
        options={[
          { value: ALL, label: 'All' },
          ...states.map((state) => ({ value: state, label: pipeStateLabel(state) })),
        ]}
        value={filters.state ?? ALL}
        onChange={(event) => onChange({ ...filters, state: (event.target.value as PipeState) || undefined })}
      />
      <SelectField
        label="Source kind"
        options={KIND_OPTIONS}
        value={filters.kind ?? ALL}
        onChange={(event) => onChange({ ...filters, kind: (event.target.value as PipeKind) || undefined })}
      />
    </div>
  );
}
