'use client';

/**
 * Where a sample comes in on the destination step: typed or pasted into the box, dropped on it, or
 * chosen as a file. A sample over the limit is refused here, before anything reads it; a large
 * paste or file is kept whole and shown by name rather than loaded into the box.
 */
import { useEffect, useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { TextareaField } from '@/components/ui/textarea-field';
import { cx } from '@/components/ui/cx';
import { visuallyHiddenClassName } from '@/components/ui/visually-hidden';
import { prepareSampleInference } from '@/lib/pipes/infer/infer-client';
import {
  formatBytes,
  SAMPLE_FORMAT_LABELS,
  SAMPLE_MAX_LABEL,
  sampleSizeProblem,
  textBytes,
} from '@/lib/pipes/infer/sample-facts';
import { MixedFields } from './mixed-fields';
import { useSample, type SampleInput } from './sample-context';
import wizardStyles from '../wizard.module.css';
import styles from './sample.module.css';
import { formatNumber } from '@/lib/format/number';

/** Larger samples are kept whole but not put into the box, where every keystroke would re-render them. */
const EDITABLE_BYTES = 256 * 1024;
const ACCEPT = '.json,.jsonl,.ndjson,.csv,.tsv,.txt,.avsc,application/json,text/csv,text/plain';
const PLACEHOLDER =
  '{"id": 1, "email": "ann@example.com", "created_at": "2026-11-25T07:03:37Z", "tags": ["new"]}\n{"id": 2, "email": null, "created_at": "2026-11-25T07:04:10Z", "tags": []}';

export function SamplePanel() {
  const { input, status, setInput, applied, apply } = useSample();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(prepareSampleInference, []);

  const take = (next: SampleInput) => {
    setRefusal(null);
    setInput(next);
  };

  const takeFile = async (file: File) => {
    const problem = sampleSizeProblem(file.size);
    if (problem) {
      setRefusal(`${file.name}: ${problem}`);
      return;
    }
    const text = await file.text();
    take(
      file.size <= EDITABLE_BYTES
        ? { origin: 'typed', text }
        : { origin: 'file', text, name: file.name, bytes: file.size },
    );
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const text = event.clipboardData.getData('text/plain');
    const bytes = textBytes(text);
    if (bytes <= EDITABLE_BYTES) return; // the box takes it as typed text
    event.preventDefault();
    const problem = sampleSizeProblem(bytes);
    if (problem) setRefusal(problem);
    else take({ origin: 'file', text, name: 'Pasted sample', bytes });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void takeFile(file);
    else {
      const text = event.dataTransfer.getData('text/plain');
      if (text) take({ origin: 'typed', text });
    }
  };

  const problem = refusal ?? (status.state === 'failed' ? status.message : undefined);
  return (
    <fieldset className={wizardStyles.group} aria-describedby={`${id}-hint`}>
      <legend className={wizardStyles.groupTitle}>Sample records (optional)</legend>
      <p id={`${id}-hint`} className={wizardStyles.groupHint}>
        Paste, drop or choose a few records — JSON lines, a JSON array or CSV with a header row — or an Avro or JSON
        schema. The columns, their types and the field mappings are filled in from it, and every choice stays editable.
        Up to {SAMPLE_MAX_LABEL}; it stays in this browser.
      </p>
      <div
        className={cx(styles.dropZone, dragging && styles.dragging)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {input.origin === 'file' ? (
          <>
            <div className={styles.fileChip}>
              <span className={styles.fileName}>{input.name}</span>
              <span className={styles.fileSize}>{formatBytes(input.bytes)}</span>
              <Button size="sm" variant="ghost" onClick={() => take({ origin: 'typed', text: '' })}>
                Clear sample
              </Button>
            </div>
            <FieldError id={`${id}-error`} message={problem} />
          </>
        ) : (
          <TextareaField
            label="Sample"
            labelHidden
            mono
            rows={6}
            className={styles.text}
            placeholder={PLACEHOLDER}
            value={input.text}
            error={problem}
            autoComplete="off"
            onPaste={onPaste}
            onChange={(event) => take({ origin: 'typed', text: event.target.value })}
          />
        )}
        <div className={styles.fileRow}>
          <Button size="sm" onClick={() => fileInput.current?.click()}>
            Choose a file…
          </Button>
          <span className={styles.dropHint}>or drop one on this box</span>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            className={visuallyHiddenClassName}
            tabIndex={-1}
            aria-label="Sample file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void takeFile(file);
            }}
          />
        </div>
      </div>
      {!problem && <SampleStatusLine applied={applied} onApply={apply} />}
      {!problem && <MixedFields />}
    </fieldset>
  );
}

function SampleStatusLine({ applied, onApply }: { applied: boolean; onApply: () => void }) {
  const { status } = useSample();
  if (status.state === 'failed') return null;
  if (status.state === 'empty') return null;
  if (status.state === 'reading') {
    return (
      <p className={styles.status} role="status">
        Reading the sample…
      </p>
    );
  }
  const { sample } = status;
  const what = [SAMPLE_FORMAT_LABELS[sample.format]];
  if (sample.format !== 'avroSchema' && sample.format !== 'jsonSchema')
    what.push(`${formatNumber(sample.recordCount)} ${sample.recordCount === 1 ? 'record' : 'records'}`);
  what.push(`${sample.columns.length} ${sample.columns.length === 1 ? 'field' : 'fields'}`);
  return (
    <div className={styles.statusRow}>
      <p className={styles.status} role="status">
        <span className={styles.summary}>{what.join(' · ')}</span>
        {sample.columns.length === 0
          ? ' — no fields found in it.'
          : applied
            ? ' — the columns and field mappings were filled in from it.'
            : ' — your columns differ from it.'}
      </p>
      {sample.columns.length > 0 && !applied && (
        <Button size="sm" onClick={onApply}>
          Use the sample’s {sample.columns.length} columns
        </Button>
      )}
    </div>
  );
}
