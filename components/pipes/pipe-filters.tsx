'use client';

import { useId } from 'react';
import { PIPE_KIND_LABELS, PIPE_KINDS, type PipeKind, type PipeState } from '@/lib/schemas/pipes/bounds';
import fieldStyles from '@/components/ui/field.module.css';
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

export function PipeFilters({ filters, states, onChange }: PipeFiltersProps) {
  const stateId = useId();
  const kindId = useId();
  return (
    <div className={styles.filters}>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={stateId}>
          State
        </label>
        <select
          id={stateId}
          className={fieldStyles.input}
          value={filters.state ?? ALL}
          onChange={(event) => onChange({ ...filters, state: (event.target.value as PipeState) || undefined })}
        >
          <option value={ALL}>All</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {pipeStateLabel(state)}
            </option>
          ))}
        </select>
      </div>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.label} htmlFor={kindId}>
          Source kind
        </label>
        <select
          id={kindId}
          className={fieldStyles.input}
          value={filters.kind ?? ALL}
          onChange={(event) => onChange({ ...filters, kind: (event.target.value as PipeKind) || undefined })}
        >
          <option value={ALL}>All</option>
          {PIPE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {PIPE_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
