'use client';

import { useMemo } from 'react';
import type { ObservabilitySource } from '@/lib/api/dashboards/requests';
import { sourceFields } from '@/lib/charts/source-fields';

/**
 * The fields a source names, as suggestions for a field input (`list={id}`): its columns, then
 * each attribute map as `Map.` to be completed with a key. Nothing when the source names none.
 */
export function SourceFieldList({ id, source }: { id: string; source: ObservabilitySource | undefined }) {
  const fields = useMemo(() => (source ? sourceFields(source) : null), [source]);
  if (!fields) return null;
  return (
    <datalist id={id} data-testid="source-fields">
      {fields.columns.map((name) => (
        <option key={name} value={name} />
      ))}
      {fields.maps.map((name) => (
        <option key={name} value={`${name}.`} label={`${name} keys`} />
      ))}
    </datalist>
  );
}

/** A hint naming the source's fields, short enough for a form. */
export function fieldsHint(source: ObservabilitySource | undefined, fallback: string): string {
  const fields = source ? sourceFields(source) : null;
  if (!fields) return fallback;
  const names = [...fields.columns.slice(0, 6), ...fields.maps.map((m) => `${m}.…`)];
  return `${source!.name} has ${names.join(', ')}${fields.columns.length > 6 ? ', …' : ''}.`;
}
