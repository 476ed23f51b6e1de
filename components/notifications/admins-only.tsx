'use client';

import type { ReactNode } from 'react';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { useCan } from '@/lib/console/console-context';

/** Channels, rules and deliveries are for admins; anyone else is told so instead of a failed load. */
export function AdminsOnly({ title, children }: { title: string; children: ReactNode }) {
  const allowed = useCan('manageNotifications');
  if (allowed) return children;
  return (
    <>
      <PageHeader title={title} />
      <Notice tone="neutral">Only admins can manage notifications. Your own notifications are under the bell.</Notice>
    </>
  );
}
