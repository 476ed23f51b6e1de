import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './client';
import { applyApiErrorToForm, FIELDS_NEED_ATTENTION } from './form-errors';

const badRequest = (fields: Array<{ path: string; message: string }>) =>
  new ApiRequestError({ status: 400, code: 'BAD_REQUEST', message: 'Body validation failed', fields });

describe('applyApiErrorToForm', () => {
  it('places known paths on their fields and focuses the first', () => {
    const setError = vi.fn();
    const message = applyApiErrorToForm(
      badRequest([
        { path: 'ipAccessList.0.source', message: 'Enter an address' },
        { path: 'name', message: 'Too long' },
      ]),
      setError,
      ['name', 'ipAccessList'],
    );
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'ipAccessList.0.source',
      { type: 'server', message: 'Enter an address' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'name',
      { type: 'server', message: 'Too long' },
      { shouldFocus: false },
    );
    expect(message).toBe(FIELDS_NEED_ATTENTION);
  });

  it('places a path where the form shows it: a list typed as text, a scope typed into another field', () => {
    const setError = vi.fn();
    const placeAt = (path: string) => (path.startsWith('scope.') ? 'pipeIds' : path.split('.')[0]!);
    const message = applyApiErrorToForm(
      badRequest([
        { path: 'scope.pipeIds.0', message: 'No pipe p1 in the console’s service' },
        { path: 'to.1', message: 'Enter an email address' },
      ]),
      setError,
      ['pipeIds', 'to'],
      placeAt,
    );
    expect(setError.mock.calls.map(([path, error]) => [path, error.message])).toEqual([
      ['pipeIds', 'No pipe p1 in the console’s service'],
      ['to', 'Enter an email address'],
    ]);
    expect(message).toBe(FIELDS_NEED_ATTENTION);
  });

  it('reports unknown paths at the top', () => {
    const setError = vi.fn();
    const message = applyApiErrorToForm(badRequest([{ path: 'state', message: 'Invalid state' }]), setError, ['name']);
    expect(setError).not.toHaveBeenCalled();
    expect(message).toBe('Body validation failed state: Invalid state');
  });

  it('describes errors without fields', () => {
    const setError = vi.fn();
    const message = applyApiErrorToForm(
      new ApiRequestError({ status: 403, code: 'FORBIDDEN', message: 'This action needs the admin role.' }),
      setError,
      ['name'],
    );
    expect(message).toBe('This action needs the admin role.');
    expect(setError).not.toHaveBeenCalled();
  });
});
