'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { useNow } from '@/components/format/use-now';
import { ROLE_LABELS, useCan, useConsole } from '@/lib/console/console-context';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { GuardedButton } from '@/components/ui/guarded-button';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { KEYS_HEADING } from '@/components/shell/page-headings';
import { preloadOnIntent } from '@/components/ui/preload-on-intent';
import { TableSkeleton } from '@/components/ui/skeleton';
import { useOnceTrue } from '@/components/ui/use-once-true';
import { useKeysQuery } from '@/lib/api/keys/use-keys-query';
import { isConsoleKey } from '@/lib/keys/console-key';
import type { KeyCreateResult, KeyRecord } from '@/lib/schemas/keys';
import { KeysTable, type KeyAction } from './keys-table';
import styles from './keys.module.css';

// The dialogs (react-hook-form, the zod schemas, Radix's dialog) load when first opened, not with the
// page: mounted closed, next/dynamic would fetch and run their code at once, while the page starts.
const loadCreateDialog = () => import('./key-create-dialog');
const loadSecretDialog = () => import('./key-secret-dialog');
const KeyCreateDialog = dynamic(() => loadCreateDialog().then((m) => m.KeyCreateDialog), { ssr: false });
const KeySecretDialog = dynamic(() => loadSecretDialog().then((m) => m.KeySecretDialog), { ssr: false });
const KeyEditDialog = dynamic(() => import('./key-edit-dialog').then((m) => m.KeyEditDialog), { ssr: false });
const KeyStateDialog = dynamic(() => import('./key-state-dialog').then((m) => m.KeyStateDialog), { ssr: false });
const KeyDeleteDialog = dynamic(() => import('./key-delete-dialog').then((m) => m.KeyDeleteDialog), { ssr: false });

const ADMIN_ONLY = 'Only admins can create and change API keys.';

export function KeysView() {
  const { organizationId, user, consoleKeySuffix } = useConsole();
  const canManage = useCan('manageKeys');
  const now = useNow();
  const keys = useKeysQuery(organizationId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<KeyCreateResult | null>(null);
  const [pending, setPending] = useState<{ action: KeyAction; key: KeyRecord } | null>(null);

  const closeAction = (open: boolean) => {
    if (!open) setPending(null);
  };
  const target = (action: KeyAction) => (pending?.action === action ? pending.key : null);
  const createMounted = useOnceTrue(creating);
  const secretMounted = useOnceTrue(created !== null);
  const editMounted = useOnceTrue(pending?.action === 'edit');
  const toggleMounted = useOnceTrue(pending?.action === 'toggle');
  const deleteMounted = useOnceTrue(pending?.action === 'delete');
  // The one-time secret follows a creation: its dialog's code is fetched while the form is filled in.
  useEffect(() => {
    if (createMounted) void loadSecretDialog().catch(() => {});
  }, [createMounted]);

  const createButton = (
    <GuardedButton
      allowed={canManage}
      reason={ADMIN_ONLY}
      variant="primary"
      onClick={() => setCreating(true)}
      {...(canManage ? preloadOnIntent(loadCreateDialog) : {})}
    >
      Create key
    </GuardedButton>
  );
  const list = keys.data ?? [];
  const consoleKeyIds = new Set(list.filter((key) => isConsoleKey(key, consoleKeySuffix)).map((key) => key.id));
  const isConsole = (action: KeyAction) => (pending?.action === action ? consoleKeyIds.has(pending.key.id) : false);

  return (
    <>
      <PageHeader
        title={KEYS_HEADING.title}
        description={KEYS_HEADING.description}
        actions={keys.isSuccess && list.length > 0 ? createButton : undefined}
      />
      <div className={styles.toolbar}>
        {!canManage && (
          <Notice tone="neutral">
            Your role, {ROLE_LABELS[user.role]}, can view API keys but not change them. {ADMIN_ONLY}
          </Notice>
        )}
        {keys.isPending ? (
          <TableSkeleton label="API keys" />
        ) : keys.isError ? (
          <ErrorState
            title="Could not load API keys"
            error={keys.error}
            onRetry={() => keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title="No API keys yet" action={createButton}>
            Create a key to let a script or tool manage this organization through the cloud API.
          </EmptyState>
        ) : (
          <KeysTable
            keys={list}
            now={now}
            consoleKeyIds={consoleKeyIds}
            onAction={canManage ? (action, key) => setPending({ action, key }) : undefined}
          />
        )}
      </div>

      {canManage && (
        <>
          {createMounted && (
            <KeyCreateDialog
              open={creating}
              onOpenChange={setCreating}
              organizationId={organizationId}
              onCreated={(result) => {
                setCreating(false);
                setCreated(result);
              }}
            />
          )}
          {secretMounted && <KeySecretDialog created={created} onDone={() => setCreated(null)} />}
          {editMounted && (
            <KeyEditDialog
              keyRecord={target('edit')}
              onOpenChange={closeAction}
              organizationId={organizationId}
              consoleKey={isConsole('edit')}
            />
          )}
          {toggleMounted && (
            <KeyStateDialog
              keyRecord={target('toggle')}
              onOpenChange={closeAction}
              organizationId={organizationId}
              consoleKey={isConsole('toggle')}
            />
          )}
          {deleteMounted && (
            <KeyDeleteDialog
              keyRecord={target('delete')}
              onOpenChange={closeAction}
              organizationId={organizationId}
              consoleKey={isConsole('delete')}
            />
          )}
        </>
      )}
    </>
  );
}
