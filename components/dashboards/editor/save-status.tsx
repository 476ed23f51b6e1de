'use client';

import { Button } from '@/components/ui/button';
import { describeApiError } from '@/lib/api/error-message';
import type { Autosave } from './use-autosave';
import styles from './editor.module.css';

/** Saving… / Saved / Not saved — Retry, beside the dashboard's title. */
export function SaveStatus({ autosave }: { autosave: Autosave }) {
  return (
    <span className={styles.saveStatus} role="status" data-state={autosave.status}>
      {autosave.status === 'saved' && 'Saved'}
      {autosave.status === 'saving' && 'Saving…'}
      {autosave.status === 'conflict' && 'Not saved — changed elsewhere'}
      {autosave.status === 'error' && (
        <>
          <span title={describeApiError(autosave.error)}>Not saved — {describeApiError(autosave.error)}</span>
          <Button size="sm" onClick={autosave.retry}>
            Retry
          </Button>
        </>
      )}
    </span>
  );
}
