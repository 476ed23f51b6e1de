'use client';

/**
 * The dashboard page's own actions: duplicate it, export it as JSON, import a JSON file as a new
 * dashboard. What happened is reported through `onResult` (with a link to the new dashboard).
 */
import Link from 'next/link';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { ActionMenu, type ActionMenuItem } from '@/components/ui/action-menu';
import { JsonFileInput } from '@/components/ui/json-file-input';
import { describeApiError } from '@/lib/api/error-message';
import { duplicateBody, type SurfaceTarget } from '@/lib/api/dashboards/requests';
import { useDashboardCreateMutation } from '@/lib/api/dashboards/use-dashboard-create-mutation';
import { pagePath, type Surface } from '@/lib/observability/surface';
import type { Dashboard, DashboardBody } from '@/lib/schemas/observability/dashboard';

import styles from './editor.module.css';

const loadTransfer = () => import('../dashboard-transfer');

export type MenuResult = {
  tone: 'info' | 'danger';
  message: string;
  errors?: string[];
  link?: { href: string; label: string };
};

export interface DashboardMenuProps {
  surface: Surface;
  target: SurfaceTarget;
  /** The dashboard as shown (unsaved changes included). */
  current: () => Dashboard;
  canEdit: boolean;
  onResult: (result: MenuResult) => void;
}

export function DashboardMenu({ surface, target, current, canEdit, onResult }: DashboardMenuProps) {
  const create = useDashboardCreateMutation(target);
  const fileInput = useRef<HTMLInputElement>(null);

  const createFrom = (body: DashboardBody, verb: string) =>
    create.mutate(body, {
      onSuccess: (made) =>
        onResult({
          tone: 'info',
          message: `${verb} “${made.name}”.`,
          link: { href: pagePath(surface, 'dashboards', target.serviceId, made.id), label: `Open “${made.name}”` },
        }),
      onError: (error) =>
        onResult({
          tone: 'danger',
          message: `${verb === 'Created' ? 'Could not duplicate' : 'Could not import'}: ${describeApiError(error)}`,
        }),
    });

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const { parseDashboardImport } = await loadTransfer();
    const parsed = parseDashboardImport(await file.text());
    if (!parsed.ok) onResult({ tone: 'danger', message: `${file.name} could not be imported.`, errors: parsed.errors });
    else createFrom(parsed.body, 'Imported');
  };

  const items: ActionMenuItem[] = [
    ...(canEdit ? [{ label: 'Duplicate', onSelect: () => createFrom(duplicateBody(current()), 'Created') }] : []),
    {
      label: 'Export JSON',
      onSelect: async () => {
        const { downloadJson, exportDashboardJson, exportFileName } = await loadTransfer();
        const dashboard = current();
        downloadJson(exportFileName(dashboard), exportDashboardJson(dashboard));
        onResult({ tone: 'info', message: `Exported “${dashboard.name}” as ${exportFileName(dashboard)}.` });
      },
    },
    ...(canEdit ? [{ label: 'Import into a new dashboard…', onSelect: () => fileInput.current?.click() }] : []),
  ];

  return (
    <>
      <ActionMenu label="Dashboard actions" items={items} />
      <JsonFileInput
        ref={fileInput}
        label="Dashboard JSON file to import into a new dashboard"
        onFile={(file) => void importFile(file)}
      />
    </>
  );
}

/** What the last menu action did, with a link to the dashboard it made. */
export function MenuResultNotice({ result, onDismiss }: { result: MenuResult; onDismiss: () => void }) {
  return (
    <Notice
      tone={result.tone}
      role={result.tone === 'danger' ? 'alert' : 'status'}
      action={
        <span className={styles.noticeActions}>
          {result.link && (
            <Link className={styles.noticeLink} href={result.link.href}>
              {result.link.label}
            </Link>
          )}
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Dismiss
          </Button>
        </span>
      }
    >
      {result.message}
      {result.errors && (
        <ul>
          {result.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}
