import { isApiRequestError } from '@/lib/api/client';

/** The BFF's `fields` of a failed save, by path, for the form's fields (what was typed stays). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error)) return {};
  const byPath: Record<string, string> = {};
  for (const field of error.fields) byPath[field.path.split('.')[0]!] ??= field.message;
  return byPath;
}
