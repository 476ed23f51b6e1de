'use client';

/**
 * A destination column's type in one searchable picker: typing filters every type the destination
 * database offers, bare and wrapped (`Nullable(Float64)`, `LowCardinality(String)`, `Array(…)`), the
 * arrow keys move through the matches, Enter or a click takes one, Escape closes the list and puts
 * the type back. A type the list does not hold (`Decimal(38, 9)`, an inferred `Map(String, Int64)`)
 * can be typed and is kept as it is.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { FieldFrame } from '@/components/ui/field-frame';
import { cx } from '@/components/ui/cx';
import { matchColumnTypes } from '@/lib/pipes/column-types';
import { useFieldError } from './form-fields';
import type { WizardValues } from './wizard-values';
import fieldStyles from '@/components/ui/field.module.css';
import styles from './wizard.module.css';

/** Enough to choose from without a list taller than the screen; typing narrows the rest. */
const SHOWN = 40;

export function ColumnTypeField({ index }: { index: number }) {
  const { control } = useFormContext<WizardValues>();
  const name = `destination.columns.${index}.type` as const;
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TypeCombobox
          label={`Column ${index + 1} type`}
          value={field.value}
          error={error}
          inputRef={field.ref}
          onChange={field.onChange}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

interface TypeComboboxProps {
  label: string;
  value: string;
  error?: string;
  inputRef: (element: HTMLInputElement | null) => void;
  onChange: (type: string) => void;
  onBlur: () => void;
}

function TypeCombobox({ label, value, error, inputRef, onChange, onBlur }: TypeComboboxProps) {
  const listId = useId();
  // What is typed while the list is open; null while closed (the field shows the value).
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const open = query !== null;
  const matches = open ? matchColumnTypes(query) : [];
  const shown = matches.slice(0, SHOWN);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const openWith = (text: string) => {
    setQuery(text);
    setActive(0);
  };
  const close = () => setQuery(null);
  const take = (type: string) => {
    onChange(type);
    close();
  };
  // Typed text that is not in the list is kept as typed (an exotic type); empty puts the value back.
  const commitTyped = () => {
    if (query !== null && query.trim() !== '' && query.trim() !== value) onChange(query.trim());
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        // Opened from the current type: the whole list, starting at it.
        const all = matchColumnTypes('');
        setQuery('');
        setActive(Math.max(0, Math.min(SHOWN - 1, all.indexOf(value))));
        return;
      }
      const last = shown.length - 1;
      setActive((i) => (event.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault(); // never submits the step while choosing
      if (shown[active] !== undefined) take(shown[active]);
      else commitTyped();
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    }
  };

  return (
    <FieldFrame label={label} error={error} className={styles.typeField}>
      {(control) => (
        <div className={styles.typeCombobox}>
          <input
            {...control}
            ref={inputRef}
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && shown[active] !== undefined ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            className={cx(fieldStyles.input, fieldStyles.mono)}
            value={open ? query : value}
            onChange={(event) => openWith(event.target.value)}
            onClick={() => (open ? close() : openWith(''))}
            onKeyDown={onKeyDown}
            onBlur={() => {
              commitTyped();
              onBlur();
            }}
          />
          <ul id={listId} role="listbox" aria-label={`${label} choices`} className={styles.typeList} hidden={!open}>
            {shown.map((type, i) => (
              <li
                key={type}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={cx(
                  styles.typeOption,
                  i === active && styles.typeOptionActive,
                  type === value && styles.typeOptionCurrent,
                )}
                // Keeps the focus in the input, so its blur does not close the list before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => take(type)}
              >
                {type}
              </li>
            ))}
            {open && shown.length === 0 && (
              <li role="option" aria-selected={false} aria-disabled className={styles.typeEmpty}>
                No listed type holds “{query}”: Enter keeps it as typed.
              </li>
            )}
            {matches.length > SHOWN && (
              <li role="presentation" className={styles.typeEmpty}>
                {matches.length - SHOWN} more: type to narrow the list.
              </li>
            )}
          </ul>
        </div>
      )}
    </FieldFrame>
  );
}
