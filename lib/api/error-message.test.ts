import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './client';
import { describeApiError } from './error-message';

const error = (status: number, message = 'upstream said no', retryAfter?: number) =>
  new ApiRequestError({ status, code: 'HTTP_ERROR', message, retryAfter });

describe('describeApiError', () => {
  it.each([
    [error(403, ''), "You don't have permission to do this."],
    [error(403, 'This action needs the admin role.'), 'This action needs the admin role.'],
    [error(429, 'x', 12), 'Too many requests, try again in 12 s.'],
    [error(429), 'Too many requests, try again in a moment.'],
    // The BFF's 502/504 messages already name the upstream; they are shown as they are, not prefixed again.
    [error(502, 'The cloud API failed (503): service unavailable'), 'The cloud API failed (503): service unavailable'],
    [
      error(504, 'The observability API did not answer within 10 s.'),
      'The observability API did not answer within 10 s.',
    ],
    [error(409, 'Endpoint already registered'), 'Endpoint already registered'],
    [error(401), 'Your session has ended. Sign in again to continue.'],
    [new Error('boom'), 'boom'],
    ['weird', 'Something went wrong. Try again.'],
  ])('%#', (input, expected) => {
    expect(describeApiError(input)).toBe(expected);
  });
});
