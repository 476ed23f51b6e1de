'use client';

import { useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import {
  dismissUnexpectedAnswers,
  subscribeUnexpectedAnswers,
  unexpectedAnswers,
  type UnexpectedAnswer,
} from '@/lib/api/unexpected-answers';

const NONE: readonly UnexpectedAnswer[] = [];

/** Says that an upstream answered outside its published contract; the page below still shows what it could read. */
export function UnexpectedAnswerNotice() {
  const answers = useSyncExternalStore(subscribeUnexpectedAnswers, unexpectedAnswers, () => NONE);
  if (answers.length === 0) return null;
  const upstreams = [...new Set(answers.map((answer) => answer.upstream))].join(' and the ');
  return (
    <Notice
      tone="warning"
      role="alert"
      title={`Unexpected answer from the ${upstreams}`}
      action={
        <Button size="sm" variant="ghost" onClick={dismissUnexpectedAnswers}>
          Dismiss
        </Button>
      }
    >
      <p>
        It does not match the published contract, so some values may be missing or shown as they came. What could be
        read is shown. The server log names each mismatch by operation and JSON path.
      </p>
      <ul>
        {answers.map((answer) => (
          <li key={answer.path}>
            <code>{answer.path}</code>
            {answer.requestId && (
              <>
                {' '}
                — request id <code>{answer.requestId}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </Notice>
  );
}
