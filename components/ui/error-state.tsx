'use client';

import type { ReactNode } from 'react';
import { ApiRequestError } from '@/lib/api/client';
import { describeApiError } from '@/lib/api/error-message';
import { Button } from './button';
import { cx } from './cx';
import styles from './state.module.css';

export interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}

/** A failed load: what went wrong (the upstream's own message), the request id, and a retry. */
export function ErrorState({
  title = 'Could not load this page',
  error,
  onRetry,
  retrying,
  children,
  headingLevel = 2,
}: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const requestId = error instanceof ApiRequestError ? error.requestId : undefined;
  return (
    <div className={cx(styles.box, styles.error)} role="alert">
      <span className={cx(styles.icon, styles.errorIcon)} aria-hidden="true">
        <svg width="20" height="20" viewBox="0 0 20 20" fill="none">
          <circle cx="10" cy="10" r="7.25" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 6v5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
          <circle cx="10" cy="13.75" r="1" fill="currentColor" />
        </svg>
      </span>
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{describeApiError(error)}</p>
      {requestId && <p className={styles.meta}>Request id: {requestId}</p>}
      {children}
      {onRetry && (
        <div className={styles.actions}>
          <Button onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}
