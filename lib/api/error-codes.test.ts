/**
 * One vocabulary: every error the BFF throws with a fixed code answers with that code's status in
 * ERROR_CODE_STATUS, and the browser reads the same codes back. The BFF's sources are read as text,
 * so a new `new ApiError(404, 'FORBIDDEN', …)` fails here as well as a wrong status in the map.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorFromBody } from './client';
import { codeForStatus, ERROR_CODE_STATUS, isErrorCode, PASS_THROUGH_CODES } from './error-codes';

const root = path.resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** `new ApiError(409, 'SAVE_IN_PROGRESS'`, `upstreamError(\n 504,\n 'UPSTREAM_TIMEOUT'`, and the like. */
const THROW = /(?:new (?:ApiError|UpstreamError)|upstreamError)\(\s*(\d{3}),\s*'([A-Z_]+)'/g;

describe('the error vocabulary', () => {
  const thrown = [...sources(path.join(root, 'lib', 'server')), ...sources(path.join(root, 'app'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(THROW)].map((m) => ({
      file: path.relative(root, file),
      status: Number(m[1]),
      code: m[2]!,
    })),
  );

  it('finds the errors the BFF throws', () => {
    expect(thrown.length).toBeGreaterThan(30);
  });

  it('answers every fixed code with its status from the one map', () => {
    const wrong = thrown.filter(
      ({ status, code }) =>
        !isErrorCode(code) || (!PASS_THROUGH_CODES.includes(code) && ERROR_CODE_STATUS[code] !== status),
    );
    expect(wrong).toEqual([]);
  });

  it('names each generic status once, for an answer without a code of its own', () => {
    expect([400, 401, 403, 404, 409, 429, 500, 502, 503, 504].map(codeForStatus)).toEqual([
      'BAD_REQUEST',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'TOO_MANY_REQUESTS',
      'INTERNAL_ERROR',
      'BAD_GATEWAY',
      'SERVICE_UNAVAILABLE',
      'GATEWAY_TIMEOUT',
    ]);
    expect(codeForStatus(418)).toBeUndefined();
  });

  it('lets the browser keep a code of the vocabulary, and name an unknown one by its status', () => {
    const headers = new Headers();
    expect(errorFromBody(409, '', JSON.stringify({ code: 'SAVE_IN_PROGRESS', error: 'busy' }), headers).code).toBe(
      'SAVE_IN_PROGRESS',
    );
    expect(errorFromBody(404, '', JSON.stringify({ code: 'SOMETHING_ELSE', error: 'gone' }), headers).code).toBe(
      'NOT_FOUND',
    );
    expect(errorFromBody(418, "I'm a teapot", '', headers).code).toBe('HTTP_ERROR');
  });
});
