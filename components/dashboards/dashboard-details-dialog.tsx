'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { schemaResolver } from '@/components/ui/schema-resolver';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { dashboardNameSchema, dashboardTagsSchema, DASHBOARD_LIMITS } from '@/lib/schemas/observability/dashboard';
import { parseTagsText } from './dashboard-list-filters';
import styles from './dashboards.module.css';

/** Tags are typed as one comma-separated line and checked as the list the server gets. */
const detailsFormSchema = z.object({
  name: dashboardNameSchema,
  tags: z
    .pipe(
      z.string(),
      z.transform((text) => parseTagsText(text)),
    )
    .check(
      z.superRefine((tags, ctx) => {
        const result = z.safeParse(dashboardTagsSchema, tags);
        if (!result.success)
          ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Tags are invalid', input: tags });
      }),
    ),
});
type DetailsInput = z.input<typeof detailsFormSchema>;
export type DashboardDetails = z.output<typeof detailsFormSchema>;

export interface DashboardDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initial?: { name: string; tags: string[] };
  pending: boolean;
  /** Sends the request; `fail` shows the error in the form, keeping what was typed. */
  onSubmit: (details: DashboardDetails, fail: (error: unknown) => void) => void;
}

/** Create a dashboard, or rename and retag one. */
export function DashboardDetailsDialog({ open, onOpenChange, title, ...form }: DashboardDetailsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      {open && <DetailsForm {...form} />}
    </Dialog>
  );
}

function DetailsForm({
  submitLabel,
  initial,
  pending,
  onSubmit,
}: Omit<DashboardDetailsDialogProps, 'open' | 'onOpenChange' | 'title'>) {
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<DetailsInput, unknown, DashboardDetails>({
    resolver: schemaResolver(detailsFormSchema),
    mode: 'onTouched',
    defaultValues: { name: initial?.name ?? '', tags: initial?.tags.join(', ') ?? '' },
  });
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    onSubmit(values, (error) => setFormError(applyApiErrorToForm(error, form.setError, ['name', 'tags'])));
  });
  const { errors } = form.formState;
  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={submit}>
      <FormError message={formError} />
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={DASHBOARD_LIMITS.nameMaxLength}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Tags"
        hint={`Separated by commas; at most ${DASHBOARD_LIMITS.tagsMax} tags of up to ${DASHBOARD_LIMITS.tagMaxLength} characters.`}
        autoComplete="off"
        error={errors.tags?.message}
        {...form.register('tags')}
      />
      <FormDialogFooter submitLabel={submitLabel} pending={pending} />
    </form>
  );
}
