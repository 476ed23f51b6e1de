import * as z from 'zod/mini';
import { config, safeParse, type $ZodType } from 'zod/v4/core';
import { en } from 'zod/v4/locales';
import type { NumberBounds } from './bounds';

// zod/mini registers no locale, and some pipe messages are zod's own (e.g. `Unrecognized key: "x"`
// of the strict source objects); register English as classic zod does, unless a locale is set.
if (!config().localeError) config(en());

export const requiredText = (label: string, message = `${label} is required`) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message }));

/** Optional text; empty means "not given", as form fields produce it. */
export const optionalText = () => z.nullish(z.string({ error: 'Must be text' }).check(z.trim()));

const PEM_CERTIFICATES = /^(-----BEGIN CERTIFICATE-----\s[\s\S]+?\s-----END CERTIFICATE-----\s*)+$/;
const PEM_PRIVATE_KEY = /^-----BEGIN ([A-Z]+ )?PRIVATE KEY-----\s[\s\S]+?\s-----END ([A-Z]+ )?PRIVATE KEY-----\s*$/;

export const pemCertificateMessage = (label: string) =>
  `${label} must be PEM text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----`;

export const optionalPemCertificate = (label: string) =>
  optionalText().check(z.refine((v) => !v || PEM_CERTIFICATES.test(v), { error: pemCertificateMessage(label) }));

export const requiredPemCertificate = (label: string) =>
  requiredText(label).check(z.regex(PEM_CERTIFICATES, { error: pemCertificateMessage(label) }));

export const requiredPemPrivateKey = (label: string) =>
  requiredText(label).check(
    z.regex(PEM_PRIVATE_KEY, {
      error: `${label} must be PEM text from -----BEGIN PRIVATE KEY----- to -----END PRIVATE KEY-----`,
    }),
  );

export const userPasswordSchema = z.object(
  { username: requiredText('Username'), password: requiredText('Password') },
  { error: 'Username and password are required' },
);

export const accessKeySchema = z.object(
  { accessKeyId: requiredText('Access key ID'), secretKey: requiredText('Secret key') },
  { error: 'Access key ID and secret key are required' },
);

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** A key that does not apply here: absent, null or empty is fine, anything else is refused with `message`. */
export const notApplicable = (message: string) =>
  z.optional(z.custom<null | ''>((v) => isEmpty(v), { error: message }));

/** A bounded number that may be left empty (undefined, null or ''), as optional number fields produce it. */
export function optionalNumber(bounds: NumberBounds) {
  return z.optional(
    z.union([boundedNumber(bounds), z.null(), z.literal('')], { error: `${bounds.label} must be a number` }),
  );
}

export function boundedNumber(bounds: NumberBounds) {
  const unitOf = (n: number) => {
    if (!bounds.unit) return '';
    return n === 1 && /^[a-z]{3,}s$/.test(bounds.unit) ? ` ${bounds.unit.slice(0, -1)}` : ` ${bounds.unit}`;
  };
  let schema = z.number({ error: `${bounds.label} must be a number` });
  if (bounds.min !== undefined) {
    schema = schema.check(
      z.gte(bounds.min, { error: `${bounds.label} must be at least ${bounds.min}${unitOf(bounds.min)}` }),
    );
  }
  if (bounds.max !== undefined) {
    schema = schema.check(
      z.lte(bounds.max, { error: `${bounds.label} must be at most ${bounds.max}${unitOf(bounds.max)}` }),
    );
  }
  // A refinement rather than z.int(): its issue does not abort, so the bound messages of
  // optionalNumber's union survive instead of collapsing into "must be a number".
  return bounds.integer
    ? schema.check(z.refine(Number.isInteger, { error: `${bounds.label} must be a whole number` }))
    : schema;
}

export function optionalBoolean(label: string) {
  return z.optional(z.union([z.boolean(), z.null(), z.literal('')], { error: `${label} must be true or false` }));
}

/**
 * Validates with the one option `pick` chooses, so its issues keep their own path and message
 * instead of collapsing into a single generic "invalid union" issue.
 */
export function dispatchSchema<K extends string, S extends $ZodType>(
  options: Record<K, S>,
  pick: (input: unknown) => { kind: K } | { message: string; path: PropertyKey[] },
): $ZodType<z.output<S>, z.input<S>> {
  const schema = z.pipe(
    z.unknown(),
    z.transform((input, ctx) => {
      // A mini transform's payload has no addIssue; these issues abort, as classic's addIssue there does.
      const picked = pick(input);
      if (!('kind' in picked)) {
        ctx.issues.push({ code: 'custom', message: picked.message, path: picked.path, input });
        return z.NEVER;
      }
      const result = safeParse(options[picked.kind], input);
      if (!result.success) {
        for (const issue of result.error.issues) {
          ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input });
        }
        return z.NEVER;
      }
      return result.data as z.output<S>;
    }),
  );
  // The transform takes `unknown`; the input type is the options' so form resolvers stay typed.
  return schema as unknown as $ZodType<z.output<S>, z.input<S>>;
}

export { isPlainObject } from './source-kind';
