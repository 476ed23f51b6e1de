'use client';

import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCodeQuery } from '@/lib/api/history/use-code-query';
import type { HistoryKind } from '@/lib/history/kinds';
import { TerraformText } from './terraform-text';

export function CodeDialog({
  kind,
  id,
  name,
  open,
  onOpenChange,
}: {
  kind: HistoryKind;
  id: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const code = useCodeQuery(kind, id, { enabled: open });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`“${name}” as Terraform`}
      description="Secrets are variables, never values; the import block adopts this object without recreating it."
      wide
    >
      {code.isPending && (
        <div role="status" aria-label="Loading Terraform">
          <Skeleton height={240} />
        </div>
      )}
      {code.isError && (
        <ErrorState
          headingLevel={3}
          title="Could not write the Terraform"
          error={code.error}
          onRetry={() => code.refetch()}
          retrying={code.isFetching}
        />
      )}
      {code.isSuccess && (
        <>
          <CopyButton value={code.data} label="Copy the Terraform" />
          <TerraformText text={code.data} />
        </>
      )}
    </Dialog>
  );
}
