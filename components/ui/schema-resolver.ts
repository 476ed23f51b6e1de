import { zodResolver } from '@hookform/resolvers/zod';
import { get, type FieldError, type FieldValues, type Resolver } from 'react-hook-form';
import { safeParseAsync, type $ZodType } from 'zod/v4/core';

/**
 * zodResolver, except that a failed union shows the union's own message (the schema's wording,
 * e.g. "Enter an IPv4 or IPv6 address, or a CIDR range …") instead of the first option's
 * ("Invalid IPv4 address"), so the form says exactly what the server would say.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  const base = zodResolver(schema) as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const parsed = await safeParseAsync(schema, values);
    if (parsed.success) return result;
    for (const issue of parsed.error.issues) {
      if (issue.code !== 'invalid_union') continue;
      const error = get(result.errors, issue.path.join('.')) as FieldError | undefined;
      if (error) error.message = issue.message;
    }
    return result;
  };
}
