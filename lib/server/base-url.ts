import { z } from 'zod';

/** An upstream base URL: http(s), no credentials, query or fragment; without a trailing slash. */
export const baseUrlSchema = z
  .string({ error: 'is not set' })
  .trim()
  .min(1, 'is not set')
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }))
  .refine((value) => {
    const url = new URL(value);
    return url.username === '' && url.password === '';
  }, 'must not carry credentials; use the key variables instead')
  .refine((value) => !new URL(value).search && !new URL(value).hash, 'must not have a query or fragment')
  .transform((value) => value.replace(/\/+$/, ''));
