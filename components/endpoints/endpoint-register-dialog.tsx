'use client';

import { schemaResolver } from '@/components/ui/schema-resolver';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, FormDialogFooter, useDialogTitleId } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useEndpointRegisterMutation } from '@/lib/api/endpoints/use-endpoint-register-mutation';
import { useServiceEndpointsMutation } from '@/lib/api/endpoints/use-service-endpoints-mutation';
import {
  emptyEndpointRegisterValues,
  ENDPOINT_FORM_FIELDS,
  endpointRegisterFormSchema,
  toEndpointCreateRequest,
  type EndpointRegisterFormOutput,
  type EndpointRegisterFormValues,
} from './endpoint-register-form';
import styles from './endpoints.module.css';

export type RegisterOutcome =
  | { kind: 'registered'; id: string }
  | { kind: 'attached'; id: string }
  | { kind: 'attach-failed'; id: string; error: unknown };

export interface EndpointRegisterDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string;
  serviceId: string;
  serviceRegion?: string;
  onDone: (outcome: RegisterOutcome) => void;
}

export function EndpointRegisterDialog({ open, onOpenChange, ...rest }: EndpointRegisterDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Register endpoint"
      description="Add an endpoint you created in your cloud account to this organization."
    >
      <RegisterForm {...rest} />
    </Dialog>
  );
}

function RegisterForm({
  organizationId,
  serviceId,
  serviceRegion,
  onDone,
}: Omit<EndpointRegisterDialogProps, 'open' | 'onOpenChange'>) {
  const titleId = useDialogTitleId();
  const [formError, setFormError] = useState<string | null>(null);
  const registerEndpoint = useEndpointRegisterMutation(organizationId, serviceId);
  const attachEndpoints = useServiceEndpointsMutation(organizationId, serviceId);
  const form = useForm<EndpointRegisterFormValues, unknown, EndpointRegisterFormOutput>({
    resolver: schemaResolver(endpointRegisterFormSchema),
    mode: 'onTouched',
    defaultValues: emptyEndpointRegisterValues,
  });
  const { errors } = form.formState;
  const pending = registerEndpoint.isPending || attachEndpoints.isPending;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    registerEndpoint.mutate(toEndpointCreateRequest(values), {
      onError: (error) => setFormError(applyApiErrorToForm(error, form.setError, ENDPOINT_FORM_FIELDS)),
      onSuccess: (record) => {
        const id = record?.id ?? values.id;
        if (!values.attach) {
          onDone({ kind: 'registered', id });
          return;
        }
        // The endpoint exists now whatever happens next, so a failed attach is reported on the
        // page (where it can be retried from the list) rather than by re-submitting this form.
        attachEndpoints.mutate(
          { add: [id] },
          {
            onSuccess: () => onDone({ kind: 'attached', id }),
            onError: (error) => onDone({ kind: 'attach-failed', id, error }),
          },
        );
      },
    });
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <FormError message={formError} />
      <TextField
        label="Endpoint ID"
        hint="The ID your cloud provider gave the endpoint, for example vpce-0a1b2c3d4e5f67890."
        mono
        autoComplete="off"
        spellCheck={false}
        error={errors.id?.message}
        {...form.register('id')}
      />
      <TextField
        label="Description"
        hint="Optional. Helps you recognise the endpoint later."
        autoComplete="off"
        error={errors.description?.message}
        {...form.register('description')}
      />
      <Checkbox
        label="Attach to this service after registering"
        description={
          serviceRegion ? `Only endpoints in ${serviceRegion}, the service’s region, can be attached.` : undefined
        }
        {...form.register('attach')}
      />
      <FormDialogFooter submitLabel="Register endpoint" pending={pending} />
    </form>
  );
}
