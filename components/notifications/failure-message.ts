import { FIELDS_NEED_ATTENTION } from '@/lib/api/form-errors';

/** The line above a notification form after a failed save: what failed and why, or only where to look when the fields say why. */
export function failureMessage(what: string, message: string): string {
  return message === FIELDS_NEED_ATTENTION ? message : `${what}: ${message}`;
}
