'use client';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { describeApiError } from '@/lib/api/error-message';
import type { SurfaceTarget } from '@/lib/api/dashboards/requests';
import { useDashboardDeleteMutation } from '@/lib/api/dashboards/use-dashboard-delete-mutation';

export interface DashboardDeleteDialogProps {
  dashboard: { id: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
  target: SurfaceTarget;
}

export function DashboardDeleteDialog({ dashboard, onOpenChange, target }: DashboardDeleteDialogProps) {
  const remove = useDashboardDeleteMutation(target);
  const close = (open: boolean) => {
    if (!open) remove.reset();
    onOpenChange(open);
  };
  return (
    <ConfirmDialog
      open={dashboard !== null}
      onOpenChange={close}
      title={`Delete dashboard “${dashboard?.name ?? ''}”?`}
      description="Its tiles and the alerts set on them are deleted too. It can be restored from Recently deleted."
      confirmLabel="Delete dashboard"
      confirmVariant="danger"
      pending={remove.isPending}
      error={remove.isError ? describeApiError(remove.error) : null}
      onConfirm={() => {
        if (dashboard) remove.mutate(dashboard.id, { onSuccess: () => close(false) });
      }}
    />
  );
}
