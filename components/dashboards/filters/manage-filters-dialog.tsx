'use client';

/**
 * The dashboard's drop-down filters (upstream's `filters`): add one on a field of a source, as a
 * condition on every tile (of that source or all), as a `$variable` tile queries can use, or both;
 * remove one. Changes go into the editor's draft and are saved with the dashboard.
 */
import { useState, type FormEvent } from 'react';
import { safeParse } from 'zod/v4/core';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { ObservabilitySource } from '@/lib/api/dashboards/requests';
import { dashboardFilterSchema, type DashboardFilter } from '@/lib/schemas/observability/dashboard';
import { derivedVariableName } from './scope-url';
import styles from './filters.module.css';

export interface ManageFiltersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filters: readonly DashboardFilter[];
  sources: readonly ObservabilitySource[];
  onChange: (filters: DashboardFilter[], message: string) => void;
}

type Draft = {
  name: string;
  expression: string;
  sourceId: string;
  broadcast: boolean;
  variable: boolean;
  variableName: string;
};
type Errors = Partial<Record<keyof Draft, string>>;

/** A filter added here has no server id yet: upstream assigns one to an id it does not know. */
const newFilterId = () => `new-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export function ManageFiltersDialog({ open, onOpenChange, filters, sources, onChange }: ManageFiltersDialogProps) {
  const blank: Draft = {
    name: '',
    expression: '',
    sourceId: sources[0]?.id ?? '',
    broadcast: true,
    variable: false,
    variableName: '',
  };
  const [draft, setDraft] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const filter: DashboardFilter = {
      id: newFilterId(),
      type: 'QUERY_EXPRESSION',
      name: draft.name.trim(),
      expression: draft.expression.trim(),
      sourceId: draft.sourceId,
      isBroadcastEnabled: draft.broadcast,
      isVariableEnabled: draft.variable,
      ...(draft.variable ? { variableName: draft.variableName.trim() || derivedVariableName(draft.name) || '' } : {}),
    };
    const result = safeParse(dashboardFilterSchema, filter);
    const next: Errors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = (
          { name: 'name', expression: 'expression', sourceId: 'sourceId', variableName: 'variableName' } as const
        )[String(issue.path[0]) as 'name'];
        if (key && !next[key]) next[key] = issue.message;
      }
    }
    if (!draft.broadcast && !draft.variable)
      next.broadcast = 'Choose at least one: a condition on tiles, or a variable';
    if (
      draft.variable &&
      filters.some(
        (f) => f.isVariableEnabled && (f.variableName ?? derivedVariableName(f.name)) === filter.variableName,
      )
    )
      next.variableName = `$${filter.variableName} is already a variable of this dashboard`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    onChange([...filters, filter], `Added the filter ${filter.name}.`);
    setDraft(blank);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Drop-down filters"
      description="Each offers the values of a field; the chosen one narrows every tile, or fills $variable in tile queries."
    >
      {filters.length === 0 ? (
        <p className={styles.filterMeta}>This dashboard has no drop-down filters yet.</p>
      ) : (
        <ul className={styles.filterList} aria-label="Filters of this dashboard">
          {filters.map((filter, i) => (
            <li key={filter.id ?? i} className={styles.filterRow}>
              <span>
                <strong>{filter.name}</strong>{' '}
                <span className={styles.filterMeta}>
                  {filter.expression} · {sources.find((s) => s.id === filter.sourceId)?.name ?? filter.sourceId}
                  {filter.isBroadcastEnabled !== false ? ' · every tile' : ''}
                  {filter.isVariableEnabled ? ` · $${filter.variableName ?? derivedVariableName(filter.name)}` : ''}
                </span>
              </span>
              <Button
                size="sm"
                variant="dangerGhost"
                onClick={() =>
                  onChange(
                    filters.filter((_, j) => j !== i),
                    `Removed the filter ${filter.name}.`,
                  )
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className={styles.addForm} aria-label="Add a filter" noValidate onSubmit={add}>
        <TextField
          label="Name"
          autoComplete="off"
          value={draft.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Field"
          hint="The field whose values are offered, e.g. ServiceName."
          autoComplete="off"
          spellCheck={false}
          value={draft.expression}
          onChange={(e) => set('expression', e.target.value)}
          error={errors.expression}
        />
        <SelectField
          label="Source"
          options={sources.map((s) => ({ value: s.id, label: s.kind ? `${s.name} (${s.kind})` : s.name }))}
          value={draft.sourceId}
          onChange={(e) => set('sourceId', e.target.value)}
          error={errors.sourceId}
        />
        <Checkbox
          label="Narrow every tile to the chosen value"
          checked={draft.broadcast}
          onChange={(e) => set('broadcast', e.target.checked)}
          description={errors.broadcast}
        />
        <Checkbox
          label="Also a variable for tile queries"
          checked={draft.variable}
          onChange={(e) => set('variable', e.target.checked)}
        />
        {draft.variable && (
          <TextField
            label="Variable name"
            hint={`Used as $name in a tile's where; empty for $${derivedVariableName(draft.name) ?? 'name'}.`}
            autoComplete="off"
            spellCheck={false}
            value={draft.variableName}
            onChange={(e) => set('variableName', e.target.value)}
            error={errors.variableName}
          />
        )}
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
          <Button type="submit" variant="primary">
            Add filter
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
