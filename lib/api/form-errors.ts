import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './client';
import { describeApiError } from './error-message';

export const FIELDS_NEED_ATTENTION = 'Check the highlighted fields.';

/**
 * Puts the server's field errors on the form fields they name and returns the message for the
 * top of the form. Never touches field values, so what the person typed survives the failure.
 */
export function applyApiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): string {
  if (!(error instanceof ApiRequestError) || error.fields.length === 0) return describeApiError(error);

  const unplaced: string[] = [];
  let placed = 0;
  for (const field of error.fields) {
    const root = field.path.split('.')[0] ?? '';
    if (field.path && fieldNames.includes(root)) {
      setError(field.path as FieldPath<T>, { type: 'server', message: field.message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced.push(field.path ? `${field.path}: ${field.message}` : field.message);
    }
  }

  if (unplaced.length > 0) return [describeApiError(error), ...unplaced].join(' ');
  return placed > 0 ? FIELDS_NEED_ATTENTION : describeApiError(error);
}
