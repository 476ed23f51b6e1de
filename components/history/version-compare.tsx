'use client';

import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Table } from '@/components/ui/table';
import { useVersionPairQuery } from '@/lib/api/history/use-version-query';
import { compareObjects, jsonDiffText, type FieldChange, type TileChange } from '@/lib/history/diff';
import type { HistoryKind } from '@/lib/history/kinds';
import { summarizeComparison } from '@/lib/history/summary';
import styles from './history.module.css';

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value || '(empty)' : JSON.stringify(value);

const TILE_VERB: Record<TileChange['change'], string> = {
  added: 'Added',
  removed: 'Removed',
  moved: 'Moved',
  edited: 'Edited',
};

function FieldRows({ changes, label }: { changes: FieldChange[]; label: string }) {
  return (
    <Table label={label}>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path}>
            <th scope="row">{change.path}</th>
            <td className={styles.value}>{shown(change.before)}</td>
            <td className={styles.value}>{shown(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** Two versions side by side, changes only: fields, then tiles (added, removed, moved, edited), the JSON diff on request. */
export function VersionCompare({
  kind,
  id,
  versions,
  onBack,
}: {
  kind: HistoryKind;
  id: string;
  versions: [number, number];
  onBack: () => void;
}) {
  const [older, newer] = useVersionPairQuery(kind, id, versions);
  const [showJson, setShowJson] = useState(false);
  const before = older?.data;
  const after = newer?.data;
  const comparison = useMemo(
    () => (before && after ? compareObjects(before.object, after.object) : null),
    [before, after],
  );
  const failed = older?.error ?? newer?.error;
  return (
    <section aria-label={`Compare versions ${versions[0]} and ${versions[1]}`}>
      <div className={styles.toolbar}>
        <h3 className={styles.sectionTitle}>
          Version {versions[0]} → version {versions[1]}
        </h3>
        <Button size="sm" onClick={onBack}>
          Back to versions
        </Button>
      </div>
      {failed && <ErrorState headingLevel={3} title="Could not load the versions" error={failed} />}
      {!failed && !comparison && (
        <div role="status" aria-label="Loading versions">
          <Skeleton height={120} />
        </div>
      )}
      {comparison && (
        <>
          <p>{summarizeComparison(comparison)}</p>
          {comparison.fields.length > 0 && (
            <div className={styles.section}>
              <h4 className={styles.sectionTitle}>Fields</h4>
              <FieldRows changes={comparison.fields} label="Changed fields" />
            </div>
          )}
          {comparison.tiles.length > 0 && (
            <div className={styles.section}>
              <h4 className={styles.sectionTitle}>Tiles</h4>
              <ul className={styles.changes} aria-label="Changed tiles">
                {comparison.tiles.map((tile) => (
                  <li key={`${tile.change}-${tile.id}`}>
                    {TILE_VERB[tile.change]} “{tile.name}”{tile.moved ? ' (also moved)' : ''}
                    {tile.change === 'edited' && (
                      <ul>
                        {tile.fields.map((change) => (
                          <li key={change.path}>
                            {change.path}: <span className={styles.value}>{shown(change.before)}</span> →{' '}
                            <span className={styles.value}>{shown(change.after)}</span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={styles.section}>
            <div>
              <Button size="sm" variant="ghost" aria-expanded={showJson} onClick={() => setShowJson((value) => !value)}>
                {showJson ? 'Hide JSON diff' : 'Show JSON diff'}
              </Button>
            </div>
            {showJson && (
              <pre className={styles.code} aria-label="JSON diff of the changed parts" tabIndex={0}>
                {jsonDiffText(comparison) || 'No changes'}
              </pre>
            )}
          </div>
        </>
      )}
    </section>
  );
}
