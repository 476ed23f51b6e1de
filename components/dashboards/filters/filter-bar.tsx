'use client';

/**
 * The dashboard-wide filter (search syntax, applied to every tile's query) and the dashboard's
 * drop-down filters, bound to the URL. "Save as default" stores the current view as the
 * dashboard's `savedQuery` and `savedFilterValues`, which a link without parameters opens with.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useFilterValues } from '@/lib/api/charts/use-filter-values';
import type { ChartRange } from '@/lib/charts/tile-shape';
import type { DashboardFilter } from '@/lib/schemas/observability/dashboard';
import type { UseDashboardScope } from './use-dashboard-scope';
import styles from './filters.module.css';

export interface FilterBarProps {
  filters: readonly DashboardFilter[];
  scope: UseDashboardScope;
  range: ChartRange;
  /** Chart data exists (open-source surface): drop-down values can be listed. */
  charts: boolean;
  canEdit: boolean;
  onSaveDefault: () => void;
  onManage: () => void;
}

const ANY = '';

export function FilterBar({ filters, scope, range, charts, canEdit, onSaveDefault, onManage }: FilterBarProps) {
  // What is typed, until applied; a new filter from the URL (a drill-down, back/forward) replaces it.
  const [typed, setTyped] = useState<{ text: string; for: string }>({ text: scope.query, for: scope.query });
  const text = typed.for === scope.query ? typed.text : scope.query;
  const setText = (value: string) => setTyped({ text: value, for: scope.query });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    scope.setScope({ query: text.trim(), values: scope.values });
  };
  const choose = (id: string, value: string) =>
    scope.setScope({ query: scope.query, values: { ...scope.values, [id]: value === ANY ? [] : [value] } });

  return (
    <div className={styles.bar}>
      <form role="search" aria-label="Dashboard filter" className={styles.query} onSubmit={apply}>
        <TextField
          label="Filter every tile"
          hint="Search syntax, added to each tile's where, e.g. ServiceName:checkout AND -SeverityText:debug."
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className={styles.queryField}
        />
        <div className={styles.queryButtons}>
          <Button size="sm" type="submit" variant={text.trim() !== scope.query ? 'primary' : 'secondary'}>
            Apply
          </Button>
          {scope.query && (
            <Button size="sm" variant="ghost" onClick={() => scope.setScope({ query: '', values: scope.values })}>
              Clear
            </Button>
          )}
        </div>
      </form>
      {filters.map((filter) =>
        filter.id ? (
          <FilterSelect
            key={filter.id}
            filter={filter}
            value={scope.values[filter.id]?.[0] ?? ANY}
            range={range}
            charts={charts}
            onChange={(value) => choose(filter.id!, value)}
          />
        ) : null,
      )}
      {canEdit && (
        <div className={styles.actions}>
          {!scope.isDefault && (
            <Button size="sm" onClick={onSaveDefault} title="Open this dashboard with this filter and these values">
              Save as default
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={onManage}>
            Drop-down filters…
          </Button>
        </div>
      )}
    </div>
  );
}

function FilterSelect({
  filter,
  value,
  range,
  charts,
  onChange,
}: {
  filter: DashboardFilter;
  value: string;
  range: ChartRange;
  charts: boolean;
  onChange: (value: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const { values, isPending, error } = useFilterValues(
    {
      sourceId: filter.sourceId,
      expression: filter.expression,
      where: typeof filter.where === 'string' ? filter.where : undefined,
      whereLanguage: typeof filter.whereLanguage === 'string' ? filter.whereLanguage : undefined,
    },
    range,
    charts && (opened || value !== ANY),
  );
  const options = [
    { value: ANY, label: 'Any' },
    ...(value !== ANY && !values.includes(value) ? [{ value, label: value }] : []),
    ...values.map((v) => ({ value: v, label: v })),
  ];
  const hint = error
    ? 'Values could not be listed.'
    : isPending
      ? 'Listing values…'
      : filter.isVariableEnabled
        ? `Variable $${filter.variableName ?? filter.name}`
        : undefined;
  return (
    <SelectField
      label={filter.name}
      options={options}
      value={value}
      hint={hint}
      className={styles.select}
      onFocus={() => setOpened(true)}
      onPointerDown={() => setOpened(true)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
