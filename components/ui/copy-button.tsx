'use client';

import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize } from './button';
import { copyToClipboard } from './copy-to-clipboard';
import { cx } from './cx';
import styles from './copy-button.module.css';

export interface CopyButtonProps {
  value: string;
  /** Accessible name, e.g. "Copy secret"; the button itself shows "Copy". */
  label: string;
  /** The visible text; "Copy" where the context already says what is copied. */
  text?: string;
  size?: ButtonSize;
}

type CopyStatus = 'idle' | 'copied' | 'failed';

const FEEDBACK_MS = 2500;

/** The confirmation sits in a live region next to the button, so the button's name never changes. */
export function CopyButton({ value, label, text = 'Copy', size = 'sm' }: CopyButtonProps) {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    const copied = await copyToClipboard(value);
    setStatus(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus('idle'), copied ? FEEDBACK_MS : FEEDBACK_MS * 2);
  }

  return (
    <span className={styles.wrap}>
      <Button size={size} aria-label={label} onClick={copy}>
        <svg width="14" height="14" viewBox="0 0 16 16" fill="none" aria-hidden="true" focusable="false">
          <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" stroke="currentColor" strokeWidth="1.4" />
          <path
            d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5"
            stroke="currentColor"
            strokeWidth="1.4"
          />
        </svg>
        {text}
      </Button>
      <span role="status" aria-live="polite" className={cx(styles.feedback, status === 'failed' && styles.failed)}>
        {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed: select the text and copy it' : ''}
      </span>
    </span>
  );
}
