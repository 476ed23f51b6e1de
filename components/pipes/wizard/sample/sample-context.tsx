'use client';

/**
 * The sample a person pasted or dropped on the destination step, shared by the whole wizard: the
 * destination step shows it and its preview, the mapping step picks source fields from it. It is
 * read off the main thread; when its columns arrive they fill the destination columns and the field
 * mappings, unless the person has made columns of their own (then they are offered instead).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import type { InferredColumn, InferredSample } from '@/lib/pipes/infer/infer';
import { inferSampleOffThread } from '@/lib/pipes/infer/infer-client';
import type { WizardValues } from '../wizard-values';

export type SampleInput =
  | { origin: 'typed'; text: string }
  /** A dropped or chosen file, or a paste too large to edit: kept whole, shown by name. */
  | { origin: 'file'; text: string; name: string; bytes: number };

export type SampleStatus =
  | { state: 'empty' }
  | { state: 'reading' }
  | { state: 'read'; sample: InferredSample }
  | { state: 'failed'; message: string };

interface SampleContextValue {
  input: SampleInput;
  status: SampleStatus;
  setInput: (input: SampleInput) => void;
  /** The sample's fields, for the mapping step's picker; empty until a sample was read. */
  fields: readonly InferredColumn[];
  /** True when the destination columns are the ones the current sample filled in. */
  applied: boolean;
  /** Replaces the destination columns and field mappings with the sample's. */
  apply: () => void;
  /** The type chosen for a field whose values disagree (see `InferredColumn.mixed`), by source field. */
  choices: Readonly<Record<string, string>>;
  /** Takes `type` for that field: in the destination columns too, when they follow the sample. */
  choose: (sourceField: string, type: string) => void;
}

const EMPTY_INPUT: SampleInput = { origin: 'typed', text: '' };
/** Typing waits for a pause before the sample is read again; a drop or a paste is read at once. */
const TYPING_PAUSE_MS = 300;

const SampleContext = createContext<SampleContextValue | null>(null);

export function useSample(): SampleContextValue {
  const value = useContext(SampleContext);
  if (!value) throw new Error('useSample needs a SampleProvider');
  return value;
}

/** The sample's fields where a provider exists (the mapping step also renders without one in tests). */
export function useSampleFields(): readonly InferredColumn[] {
  return useContext(SampleContext)?.fields ?? [];
}

const columnsKey = (columns: readonly { name: string; type: string }[]) =>
  JSON.stringify(columns.map((c) => [c.name, c.type]));

/** The sample's columns with the types a person chose for its disagreeing fields. */
const withChoices = (columns: readonly InferredColumn[], choices: Readonly<Record<string, string>>) =>
  columns.map((c) => (c.mixed && choices[c.sourceField] ? { ...c, type: choices[c.sourceField]! } : c));

export function SampleProvider({ children }: { children: ReactNode }) {
  const { getValues, setValue, trigger, formState } = useFormContext<WizardValues>();
  const [input, setInputState] = useState<SampleInput>(EMPTY_INPUT);
  const [status, setStatus] = useState<SampleStatus>({ state: 'empty' });
  const [appliedKey, setAppliedKey] = useState<string | null>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  // Read from the reading's callback, as appliedKeyRef is.
  const choicesRef = useRef(choices);
  // Read from the reading's callback, which must see the newest value, not the one of its render.
  const appliedKeyRef = useRef<string | null>(null);
  const latest = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { isSubmitted } = formState;

  const applySample = useCallback(
    (sample: InferredSample) => {
      const columns = withChoices(sample.columns, choicesRef.current).map(({ name, type }) => ({ name, type }));
      setValue('destination.columns', columns, { shouldDirty: true });
      setValue(
        'fieldMappings',
        sample.columns.map((c) => ({ destinationField: c.name, sourceField: c.sourceField })),
        { shouldDirty: true },
      );
      appliedKeyRef.current = columnsKey(columns);
      setAppliedKey(appliedKeyRef.current);
      if (isSubmitted) void trigger(['destination.columns', 'fieldMappings']);
    },
    [setValue, trigger, isSubmitted],
  );

  const read = useCallback(
    async (id: number, text: string) => {
      const answer = await inferSampleOffThread(text);
      if (id !== latest.current) return; // a newer sample came in meanwhile
      if (!answer.ok) {
        setStatus({ state: 'failed', message: answer.message });
        return;
      }
      const sample = answer.sample;
      setStatus({ state: 'read', sample });
      if (sample.columns.length === 0) return;
      // Columns nobody typed yet, or the ones an earlier sample filled in, follow the sample.
      const current = getValues('destination.columns');
      if (current.every((c) => c.name.trim() === '') || columnsKey(current) === appliedKeyRef.current)
        applySample(sample);
    },
    [getValues, applySample],
  );

  const setInput = useCallback(
    (next: SampleInput) => {
      setInputState(next);
      const id = ++latest.current;
      clearTimeout(timer.current);
      if (next.text.trim() === '') {
        setStatus({ state: 'empty' });
        return;
      }
      setStatus({ state: 'reading' });
      timer.current = setTimeout(() => void read(id, next.text), next.origin === 'typed' ? TYPING_PAUSE_MS : 0);
    },
    [read],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  const sample = status.state === 'read' ? status.sample : null;
  const value = useMemo<SampleContextValue>(
    () => ({
      input,
      status,
      setInput,
      fields: sample?.columns ?? [],
      applied:
        sample !== null && appliedKey !== null && appliedKey === columnsKey(withChoices(sample.columns, choices)),
      apply: () => {
        if (sample) applySample(sample);
      },
      choices,
      choose: (sourceField, type) => {
        const wasApplied =
          sample !== null && appliedKey === columnsKey(withChoices(sample.columns, choicesRef.current));
        choicesRef.current = { ...choicesRef.current, [sourceField]: type };
        setChoices(choicesRef.current);
        if (sample && wasApplied) applySample(sample);
      },
    }),
    [input, status, setInput, sample, appliedKey, applySample, choices],
  );
  return <SampleContext.Provider value={value}>{children}</SampleContext.Provider>;
}
