import type { z } from 'zod';

export interface FieldIssue {
  path: (string | number)[];
  message: string;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

type RawIssue = z.core.$ZodRawIssue;

/**
 * The open-source surface validates with an older schema library; its users see that library's
 * wording ("Required", "Number must be less than or equal to 23"), so the emulator renders the same.
 */
export function classicMessage(issue: RawIssue): string | undefined {
  const input = issue.input;
  switch (issue.code) {
    case 'invalid_type': {
      if (input === undefined) return 'Required';
      if (issue.expected === 'int')
        return typeof input === 'number'
          ? 'Expected integer, received float'
          : `Expected number, received ${typeName(input)}`;
      return `Expected ${issue.expected}, received ${typeName(input)}`;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (issue.origin === 'string') return `String must contain at least ${min} character(s)`;
      if (issue.origin === 'array')
        return `Array must contain ${'exact' in issue && issue.exact ? 'exactly' : 'at least'} ${min} element(s)`;
      return issue.inclusive === false
        ? `Number must be greater than ${min}`
        : `Number must be greater than or equal to ${min}`;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (issue.origin === 'string') return `String must contain at most ${max} character(s)`;
      if (issue.origin === 'array')
        return `Array must contain ${'exact' in issue && issue.exact ? 'exactly' : 'at most'} ${max} element(s)`;
      return issue.inclusive === false
        ? `Number must be less than ${max}`
        : `Number must be less than or equal to ${max}`;
    }
    case 'invalid_value': {
      const values = issue.values as unknown[];
      if (values.length === 1) return `Invalid literal value, expected ${JSON.stringify(values[0])}`;
      return `Invalid enum value. Expected ${values.map((v) => `'${String(v)}'`).join(' | ')}, received '${String(input)}'`;
    }
    default:
      return undefined;
  }
}

export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: issue.message,
  }));
}

/** `tiles.0.x`, the open-source surface's path form. */
export const dottedPath = (path: FieldIssue['path']): string => path.map(String).join('.');

/** `tiles[0].x`, the cloud surface's path form. */
export function bracketPath(path: FieldIssue['path']): string {
  return path.reduce<string>(
    (out, part) => (typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${part}` : part),
    '',
  );
}

/** `Body validation failed: tiles.0.x: Number must be ...; name: Required`. */
export function ossValidationMessage(prefix: 'Body' | 'Params' | 'Query', issues: FieldIssue[]): string {
  const parts = issues.map((i) => (i.path.length ? `${dottedPath(i.path)}: ${i.message}` : i.message));
  return `${prefix} validation failed: ${parts.join('; ')}`;
}

/** The cloud surface names one field per error: `tiles[0].x: Number must be ...`. */
export function cloudValidationMessage(issues: FieldIssue[]): string {
  const first = issues[0];
  if (!first) return 'request body is invalid';
  return first.path.length ? `${bracketPath(first.path)}: ${first.message}` : first.message;
}
