import { createHmac, timingSafeEqual } from 'node:crypto';

/** `X-Sluice-Signature`: `sha256=` and the hex HMAC-SHA256 of the raw body under the channel's secret. */
export function signBody(rawBody: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`;
}

/** What a receiver does (and the README shows): compare in constant time. */
export function verifySignature(rawBody: string, secret: string, header: string | null | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signBody(rawBody, secret));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
