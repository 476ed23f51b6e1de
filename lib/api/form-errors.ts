import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './client';
import { describeApiError } from './error-message';

export const FIELDS_NEED_ATTENTION = 'Check the highlighted fields.';

/**
 * Puts the server's field errors on the form fields they name and returns the message for the
 * top of the form. Never touches field values, so what the person typed survives the failure.
 * `placeAt` says where a server path is shown, for a form whose field holds a list as text
 * (`to.1` under `to`); by default the path itself.
 */
export function applyApiErrorToForm<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
  placeAt: (path: string) => string = (path) => path,
): string {
  if (!(error instanceof ApiRequestError) || error.fields.length === 0) return describeApiError(error);

  const unplaced: string[] = [];
  let placed = 0;
  for (const field of error.fields) {
    const path = field.path ? placeAt(field.path) : '';
    const root = path.split('.')[0] ?? '';
    if (path && fieldNames.includes(root)) {
      setError(path as FieldPath<T>, { type: 'server', message: field.message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      unplaced.push(field.path ? `${field.path}: ${field.message}` : field.message);
    }
  }

  if (unplaced.length > 0) return [describeApiError(error), ...unplaced].join(' ');
  return placed > 0 ? FIELDS_NEED_ATTENTION : describeApiError(error);
}
