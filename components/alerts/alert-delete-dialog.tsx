'use client';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useAlertDeleteMutation } from '@/lib/api/alerts/use-alert-delete-mutation';
import { describeApiError } from '@/lib/api/error-message';
import type { Surface } from '@/lib/observability/surface';
import type { AlertRecord } from '@/lib/schemas/observability/alert-bounds';
import { alertName } from './alerts-table';

export interface AlertDeleteDialogProps {
  surface: Surface;
  alert: AlertRecord | null;
  onOpenChange: (open: boolean) => void;
}

export function AlertDeleteDialog({ surface, alert, onOpenChange }: AlertDeleteDialogProps) {
  const deleteAlert = useAlertDeleteMutation(surface);

  function close(open: boolean) {
    if (!open) deleteAlert.reset();
    onOpenChange(open);
  }

  return (
    <ConfirmDialog
      open={alert !== null}
      onOpenChange={close}
      title={`Delete alert “${alert ? alertName(alert) : ''}”?`}
      description="The tile stops being checked and nobody is notified any more. It can be restored from Recently deleted."
      confirmLabel="Delete alert"
      confirmVariant="danger"
      pending={deleteAlert.isPending}
      error={deleteAlert.isError ? describeApiError(deleteAlert.error) : null}
      onConfirm={() => {
        if (alert) deleteAlert.mutate(alert.id, { onSuccess: () => close(false) });
      }}
    />
  );
}
