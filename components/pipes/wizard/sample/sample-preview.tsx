'use client';

/**
 * The sample's first records as the destination table would hold them, drawn from the columns and
 * mappings as they are now: renaming a column, changing its type or its source field shows at once.
 * A value the insert would refuse is marked, so a wrong type is seen before the pipe runs. Wider than
 * its box, it says so: a line naming the hidden columns and a fade at the edge that has more.
 */
import { useCallback, useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cx } from '@/components/ui/cx';
import { Table } from '@/components/ui/table';
import { landed, valueAt, type Landed } from '@/lib/pipes/infer/landed';
import type { WizardValues } from '../wizard-values';
import { useSample } from './sample-context';
import wizardStyles from '../wizard.module.css';
import styles from './sample.module.css';

const KIND_CLASS: Record<Landed['kind'], string | undefined> = {
  value: undefined,
  null: styles.nullValue,
  default: styles.defaultValue,
  invalid: styles.invalidValue,
};

/** Which sides of a horizontally scrolling box have more to show, kept current as it scrolls or resizes. */
function useSideways(box: HTMLElement | null): { left: boolean; right: boolean } {
  const [sides, setSides] = useState({ left: false, right: false });
  useEffect(() => {
    if (!box) return;
    const measure = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setSides((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    measure();
    box.addEventListener('scroll', measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [box]);
  return sides;
}

export function SamplePreview() {
  const { status } = useSample();
  const [box, setBox] = useState<HTMLElement | null>(null);
  // The table's own scroll region, from the frame around it as it mounts.
  const frame = useCallback(
    (element: HTMLDivElement | null) => setBox(element?.querySelector<HTMLElement>('[role="region"]') ?? null),
    [],
  );
  const sides = useSideways(box);
  const { control } = useFormContext<WizardValues>();
  const [columns, mappings] = useWatch({ control, name: ['destination.columns', 'fieldMappings'] });
  if (status.state !== 'read' || status.sample.columns.length === 0) return null;
  const { sample } = status;
  if (sample.head.length === 0) {
    return (
      <p className={wizardStyles.groupHint}>
        A schema has no records to preview: paste a few records to see how they would land.
      </p>
    );
  }
  const named = columns.filter((c) => c.name.trim() !== '');
  const sourceOf = new Map(mappings.map((m) => [m.destinationField, m.sourceField.trim()]));
  const fromText = sample.format === 'csv';
  const rows = sample.head.map((record) =>
    named.map((column) => {
      const source = sourceOf.get(column.name) ?? '';
      return source ? landed(valueAt(record, source), column.type, fromText) : null;
    }),
  );
  const invalid = rows.flat().filter((cell) => cell?.kind === 'invalid').length;
  return (
    <section className={cx(wizardStyles.group, styles.preview)} aria-labelledby="sample-preview-title">
      <h3 id="sample-preview-title" className={wizardStyles.groupTitle}>
        How the first {sample.head.length === 1 ? 'record' : `${sample.head.length} records`} would land
      </h3>
      <p className={wizardStyles.groupHint}>
        {invalid > 0
          ? `${invalid} ${invalid === 1 ? 'value does' : 'values do'} not fit the column type (marked): the insert would refuse ${invalid === 1 ? 'it' : 'them'}.`
          : 'NULL where a value is missing from a nullable column; the type’s default (in grey) where it is missing from another.'}
      </p>
      {(sides.left || sides.right) && (
        <p className={styles.scrollHint} id="sample-preview-scroll">
          <span aria-hidden="true">{sides.left ? '← ' : ''}</span>
          {named.length} columns, wider than this box: scroll sideways, or focus the table and use the arrow keys, to
          see the
          {sides.right && sides.left ? ' others' : sides.right ? ' ones to the right' : ' ones to the left'}.
          <span aria-hidden="true">{sides.right ? ' →' : ''}</span>
        </p>
      )}
      <div
        ref={frame}
        className={cx(styles.previewFrame, sides.left && styles.moreLeft, sides.right && styles.moreRight)}
      >
        <Table label="Sample preview" className={styles.previewTable}>
          <thead>
            <tr>
              {named.map((column) => (
                <th key={column.name} scope="col">
                  <span className={styles.columnName}>{column.name}</span>
                  <span className={styles.columnType}>{column.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, row) => (
              <tr key={row}>
                {cells.map((cell, index) =>
                  cell ? (
                    <td
                      key={named[index]!.name}
                      className={KIND_CLASS[cell.kind]}
                      title={cell.kind === 'invalid' ? `Does not fit ${named[index]!.type}` : undefined}
                    >
                      {cell.kind === 'invalid' && <span className={styles.invalidMark}>Does not fit: </span>}
                      {cell.text}
                    </td>
                  ) : (
                    <td key={named[index]!.name} className={styles.defaultValue}>
                      not mapped
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
