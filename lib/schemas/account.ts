import * as z from 'zod/mini';
import { SESSION_LIMITS } from './session';

/** Same bounds as the users command: 8 to 1024 characters. */
export const PASSWORD_BOUNDS = { min: 8, max: SESSION_LIMITS.passwordMaxLength } as const;

const newPassword = z
  .string({ error: 'New password is required' })
  .check(
    z.minLength(PASSWORD_BOUNDS.min, { error: `New password needs at least ${PASSWORD_BOUNDS.min} characters` }),
    z.maxLength(PASSWORD_BOUNDS.max, { error: `New password must be at most ${PASSWORD_BOUNDS.max} characters` }),
  );

/** `POST /api/session/password`: a local user changes their own password. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).check(
      z.minLength(1, { error: 'Current password is required' }),
      z.maxLength(PASSWORD_BOUNDS.max, {
        error: `Current password must be at most ${PASSWORD_BOUNDS.max} characters`,
      }),
    ),
    newPassword,
  })
  .check(
    z.refine((body) => body.newPassword !== body.currentPassword, {
      error: 'New password must differ from the current one',
      path: ['newPassword'],
    }),
  );
export type PasswordChangeRequest = z.infer<typeof passwordChangeSchema>;

/** The dialog's form: the new password typed twice. */
export const passwordChangeFormSchema = z
  .object({ currentPassword: passwordChangeSchema.shape.currentPassword, newPassword, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.newPassword !== values.currentPassword, {
      error: 'New password must differ from the current one',
      path: ['newPassword'],
    }),
    z.refine((values) => values.confirmPassword === values.newPassword, {
      error: 'The two new passwords do not match',
      path: ['confirmPassword'],
    }),
  );
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;
