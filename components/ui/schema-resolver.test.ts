import { describe, expect, it } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { keyFormSchema, type KeyFormValues } from '@/components/keys/key-form';
import { cdcScalingSchema, type CdcScaling } from '@/lib/schemas/scaling';
import { schemaResolver } from './schema-resolver';

const options = <T extends object>() =>
  ({ fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' }) as unknown as ResolverOptions<
    T & Record<string, unknown>
  >;

describe('schemaResolver', () => {
  it("shows the union's own message for a bad IP source", async () => {
    const resolver = schemaResolver(keyFormSchema());
    const values: KeyFormValues = {
      name: 'k',
      roles: ['admin'],
      expireAt: '',
      ipAccessList: [{ source: '10.0.0.300', description: '' }],
    };
    const result = await resolver(values, undefined, options<KeyFormValues>());
    expect(result.errors.ipAccessList?.[0]?.source?.message).toBe(
      'Enter an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8',
    );
  });

  it('passes valid values through as the schema outputs them', async () => {
    const resolver = schemaResolver(cdcScalingSchema);
    const result = await resolver({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 }, undefined, options<CdcScaling>());
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ replicaCpuMillicores: 2000, replicaMemoryGb: 8 });
  });

  it('reports out-of-bounds CPU with the schema message', async () => {
    const resolver = schemaResolver(cdcScalingSchema);
    const result = await resolver(
      { replicaCpuMillicores: 30000, replicaMemoryGb: 120 },
      undefined,
      options<CdcScaling>(),
    );
    expect(result.errors.replicaCpuMillicores?.message).toBe('CPU must be at most 24 cores (24000 millicores)');
  });
});
