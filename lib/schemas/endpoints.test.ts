import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIMITS, endpointCreateSchema, serviceEndpointsPatchSchema } from './endpoints';

describe('endpointCreateSchema', () => {
  it('accepts a provider endpoint id with an empty or full-length description', () => {
    expect(endpointCreateSchema.safeParse({ id: 'vpce-0a1b2c3d4e5f67890', description: '' }).success).toBe(true);
    expect(
      endpointCreateSchema.safeParse({ id: 'pe:eu.1_a', description: 'x'.repeat(ENDPOINT_LIMITS.descriptionMaxLength) })
        .success,
    ).toBe(true);
    expect(
      endpointCreateSchema.safeParse({ id: 'a'.repeat(ENDPOINT_LIMITS.idMaxLength), description: '' }).success,
    ).toBe(true);
  });

  it.each([
    [{ id: '', description: '' }, 'id', 'Endpoint id is required'],
    [{ id: 'a'.repeat(129), description: '' }, 'id', 'Endpoint id must be at most 128 characters'],
    [
      { id: '../etc', description: '' },
      'id',
      'Endpoint id may contain letters, digits, dots, dashes, underscores and colons only',
    ],
    [{ id: 'vpce 1', description: '' }, 'id', undefined],
    [{ id: 'vpce-1', description: 'x'.repeat(256) }, 'description', 'Description must be at most 255 characters'],
    [{ id: 'vpce-1' }, 'description', undefined],
  ])('refuses %j', (body, path, message) => {
    const issue = endpointCreateSchema.safeParse(body).error?.issues[0];
    expect(issue?.path.join('.')).toBe(path);
    if (message) expect(issue?.message).toBe(message);
  });
});

describe('serviceEndpointsPatchSchema', () => {
  it('accepts add, remove or both', () => {
    expect(serviceEndpointsPatchSchema.safeParse({ privateEndpointIds: { add: ['vpce-1'] } }).success).toBe(true);
    expect(serviceEndpointsPatchSchema.safeParse({ privateEndpointIds: { remove: ['vpce-1'] } }).success).toBe(true);
    expect(serviceEndpointsPatchSchema.safeParse({ privateEndpointIds: { add: ['a'], remove: ['b'] } }).success).toBe(
      true,
    );
  });
  it('refuses an empty change and bad ids', () => {
    expect(serviceEndpointsPatchSchema.safeParse({ privateEndpointIds: {} }).error?.issues[0]?.message).toBe(
      'Name at least one endpoint to attach or detach',
    );
    expect(
      serviceEndpointsPatchSchema.safeParse({ privateEndpointIds: { add: ['a/b'] } }).error?.issues[0]?.path.join('.'),
    ).toBe('privateEndpointIds.add.0');
    expect(serviceEndpointsPatchSchema.safeParse({}).success).toBe(false);
  });
});
