'use client';

import dynamic from 'next/dynamic';
import { useCan, useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { BackLink } from '@/components/ui/back-link';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import pipeStyles from '../pipes.module.css';

function WizardLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className={pipeStyles.muted}>Loading the wizard…</span>
      <Skeleton height={28} width="40%" />
    </div>
  );
}

// The form, its schemas and every source's fields load after the page: first paint stays light.
const PipeWizard = dynamic(() => import('./pipe-wizard').then((m) => m.PipeWizard), {
  ssr: false,
  loading: WizardLoading,
});

export function NewPipeView() {
  const canCreate = useCan('managePipes');
  const { serviceId } = useConsole();
  return (
    <>
      <BackLink href={servicePage(serviceId, 'pipes')}>All pipes</BackLink>
      <PageHeader
        title="Create a pipe"
        description="A pipe continuously loads data from a source into a table of this service. Your answers are kept while you move between steps, and after a reload."
      />
      {canCreate ? (
        <PipeWizard />
      ) : (
        <Notice tone="neutral" title="Only editors and admins can create pipes">
          Ask an admin for the editor role to create pipes.
        </Notice>
      )}
    </>
  );
}
