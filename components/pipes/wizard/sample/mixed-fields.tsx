'use client';

/**
 * The sample's fields whose values disagree (numbers in most records, text in a few): what was seen,
 * and the choice between String, where every value lands as text, and the numeric type, where the
 * numbers land as numbers and a record holding text is refused by the insert.
 */
import { useId } from 'react';
import { Notice } from '@/components/ui/notice';
import type { InferredColumn, MixedValues } from '@/lib/pipes/infer/infer';
import { useSample } from './sample-context';
import styles from './sample.module.css';

const records = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;
const quoted = (examples: readonly string[]) => examples.map((e) => `“${e}”`).join(', ');

export function seenLine(mixed: MixedValues): string {
  return `numbers in ${records(mixed.numbers)}, text in ${records(mixed.texts)} (${quoted(mixed.examples)}${mixed.texts > mixed.examples.length ? ', …' : ''})`;
}

export function MixedFields() {
  const { status, choices, choose } = useSample();
  if (status.state !== 'read') return null;
  const mixed = status.sample.columns.filter(
    (c): c is InferredColumn & { mixed: MixedValues } => c.mixed !== undefined,
  );
  if (mixed.length === 0) return null;
  return (
    <Notice
      tone="warning"
      title={mixed.length === 1 ? 'A field’s values disagree' : `${mixed.length} fields’ values disagree`}
    >
      <div className={styles.mixedList}>
        {mixed.map((column) => (
          <MixedField
            key={column.sourceField}
            column={column}
            chosen={choices[column.sourceField] ?? column.type}
            onChoose={(type) => choose(column.sourceField, type)}
          />
        ))}
      </div>
    </Notice>
  );
}

function MixedField({
  column,
  chosen,
  onChoose,
}: {
  column: InferredColumn & { mixed: MixedValues };
  chosen: string;
  onChoose: (type: string) => void;
}) {
  const id = useId();
  const { mixed } = column;
  const options = [
    { type: column.type, what: 'every value lands, the numbers as text too' },
    {
      type: mixed.numericType,
      what: `the numbers land as numbers; a record holding text such as ${quoted(mixed.examples.slice(0, 1))} is refused by the insert, so its producer must send null instead`,
    },
  ];
  return (
    <fieldset className={styles.mixedField} aria-describedby={`${id}-seen`}>
      <legend className={styles.mixedLegend}>
        <span className={styles.columnName}>{column.sourceField}</span>
      </legend>
      <p id={`${id}-seen`} className={styles.status}>
        Seen: {seenLine(mixed)}.
      </p>
      {options.map((option) => (
        <label key={option.type} className={styles.mixedOption}>
          <input
            type="radio"
            name={`${id}-type`}
            value={option.type}
            checked={chosen === option.type}
            onChange={() => onChoose(option.type)}
          />
          <span>
            <span className={styles.mono}>{option.type}</span>: {option.what}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
