'use client';

import { schemaResolver } from '@/components/ui/schema-resolver';
import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { TextField } from '@/components/ui/text-field';
import { ApiRequestError } from '@/lib/api/client';
import { applyApiErrorToForm } from '@/lib/api/form-errors';
import { useSignInMutation } from '@/lib/api/session/use-sign-in-mutation';
import { signInSchema, type SignInRequest } from '@/lib/schemas/session';
import styles from './sign-in-form.module.css';

/** The message for a failed sign-in; field errors from the server are placed by the caller. */
export function signInErrorMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 401) return 'Incorrect username or password.';
  if (error.status === 403 && error.code === 'LOCAL_SIGN_IN_OFF')
    return 'Console passwords are turned off here; use single sign-on.';
  if (error.status === 429) {
    return error.retryAfter !== undefined
      ? `Too many sign-in attempts, try again in ${Math.max(1, error.retryAfter)} s.`
      : 'Too many sign-in attempts, try again in a moment.';
  }
  return undefined;
}

export interface SignInFormProps {
  nextPath: string;
  /** Other ways in (single sign-on), shown above the password fields. */
  before?: ReactNode;
}

export function SignInForm({ nextPath, before }: SignInFormProps) {
  const titleId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignInMutation();
  const form = useForm<SignInRequest>({
    resolver: schemaResolver(signInSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFormError(null);
    signIn.mutate(values, {
      // A full navigation, so the console's server layout reads the new session cookie.
      onSuccess: () => window.location.assign(nextPath),
      onError: (error) => {
        const message = signInErrorMessage(error);
        if (message) {
          setFormError(message);
          form.setFocus('password');
        } else {
          setFormError(applyApiErrorToForm(error, form.setError, ['username', 'password']));
        }
      },
    });
  });

  return (
    <form className={styles.form} aria-labelledby={titleId} noValidate onSubmit={onSubmit}>
      <div className={styles.heading}>
        <h1 id={titleId} className={styles.title}>
          Sign in
        </h1>
        <p className={styles.subtitle}>
          {before ? 'Use your organization’s sign-in or a Sluice console account.' : 'Use your Sluice console account.'}
        </p>
      </div>
      {before}
      <FormError message={formError} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" variant="primary" className={styles.submit} loading={signIn.isPending || signIn.isSuccess}>
        Sign in
      </Button>
    </form>
  );
}
