import { HttpError } from '../../http/errors';
import type { Rec } from './types';

/** Messages name the field by its dotted path inside the request body; the envelope adds `BAD_REQUEST: `. */
export const bad = (message: string) => new HttpError(400, message);

export interface SourceOptions {
  /** Creation needs every secret the method uses; an update may leave unchanged secrets out. */
  requireSecrets: boolean;
  /** Kafka schema registry credentials; defaults to `requireSecrets`. */
  requireRegistrySecrets?: boolean;
}

export const isRec = (value: unknown): value is Rec =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
export const absent = (value: unknown): value is null | undefined => value === null || value === undefined;

export function objectAt(value: unknown, path: string): Rec {
  if (absent(value)) throw bad(`${path} is required`);
  if (!isRec(value)) throw bad(`${path} must be an object`);
  return value;
}

export function optionalObject(value: unknown, path: string): Rec | null {
  return absent(value) ? null : objectAt(value, path);
}

export function requiredString(value: unknown, path: string): string {
  if (absent(value) || value === '') throw bad(`${path} is required`);
  if (typeof value !== 'string') throw bad(`${path} must be a string`);
  if (value.trim() === '') throw bad(`${path} is required`);
  return value;
}

export function optionalString(value: unknown, path: string): string | null {
  if (absent(value) || value === '') return null;
  if (typeof value !== 'string') throw bad(`${path} must be a string`);
  return value;
}

export function enumAt<T extends string>(value: unknown, path: string, allowed: readonly T[]): T {
  if (absent(value) || value === '') throw bad(`${path} is required`);
  if (!allowed.includes(value as T)) throw bad(`${path} must be one of ${allowed.join(', ')}`);
  return value as T;
}

export function optionalEnum<T extends string>(value: unknown, path: string, allowed: readonly T[]): T | null {
  return absent(value) || value === '' ? null : enumAt(value, path, allowed);
}

export function optionalBoolean(value: unknown, path: string): boolean | null {
  if (absent(value)) return null;
  if (typeof value !== 'boolean') throw bad(`${path} must be a boolean`);
  return value;
}

export function stringArray(value: unknown, path: string): string[] {
  if (absent(value)) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw bad(`${path} must be an array of non-empty strings`);
  }
  return [...(value as string[])];
}

export function optionalPositiveInteger(value: unknown, path: string): number | null {
  if (absent(value)) return null;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw bad(`${path} must be an integer of at least 1`);
  return value;
}

const PEM = /^\s*(-----BEGIN [A-Z0-9 ]+-----[\s\S]+?-----END [A-Z0-9 ]+-----\s*)+$/;

export function optionalPem(value: unknown, path: string): string | null {
  const pem = optionalString(value, path);
  if (pem !== null && !PEM.test(pem))
    throw bad(`${path} must be PEM-encoded (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)`);
  return pem;
}

/**
 * A secret object whose fields must all be non-empty strings. Absent is fine unless `required`;
 * the value itself is never stored.
 */
export function checkSecret(
  value: unknown,
  path: string,
  fields: readonly string[],
  rule: string,
  required: boolean,
): void {
  if (absent(value)) {
    if (required) throw bad(`${path} must be {${fields.join(', ')}}${rule}`);
    return;
  }
  if (!isRec(value) || fields.some((field) => typeof value[field] !== 'string' || value[field] === '')) {
    throw bad(`${path} must be {${fields.join(', ')}}${rule}`);
  }
}

/** `iamRole` is required with IAM_ROLE authentication, for every source kind that has it. */
export function iamRoleFor(value: unknown, path: string, authentication: string | null): string | null {
  const role = optionalString(value, path);
  if (authentication === 'IAM_ROLE' && role === null) throw bad(`${path} is required when authentication is IAM_ROLE`);
  return role;
}
