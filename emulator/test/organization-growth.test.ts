/** Growing the seeded organization for benchmarks of a large one: the services list and the Prometheus answers follow. */
import { describe, expect, it } from 'vitest';
import { parsePipeMetrics } from '@/lib/pipes/metrics/parse';
import { emulatorForFile } from './harness';

const t = emulatorForFile();
type Envelope<T> = { status: number; result: T };

describe('POST /__emulator/organization/grow', () => {
  it('adds services and running pipes up to the totals asked for, every one in the organization answer', async () => {
    const grown = await t.control<{ services: number; pipes: number }>('POST', '/organization/grow', {
      services: 10,
      pipes: 200,
    });
    expect([grown.status, grown.body]).toEqual([200, { services: 10, pipes: 200 }]);
    const services = (
      await t.cloud<Envelope<{ id: string; name: string; state: string }[]>>('GET', `${t.org}/services`)
    ).body.result;
    expect(services.map((s) => s.name)).toEqual([
      'Production',
      'Staging',
      'Development',
      ...Array.from({ length: 7 }, (_, i) => `Service ${i + 4}`),
    ]);
    const all = parsePipeMetrics((await t.cloud('GET', `${t.org}/prometheus?filtered_metrics=true`)).text);
    expect(all.size).toBe(200);
    let sum = 0;
    for (const service of services) {
      const own = await t.cloud<Envelope<unknown[]>>('GET', `${t.org}/services/${service.id}/clickpipes`);
      sum += own.body.result.length;
      expect(own.body.result.length).toBeGreaterThan(0);
    }
    expect(sum).toBe(200);
    // Asking again for no more changes nothing; a reset takes it all back.
    expect((await t.control('POST', '/organization/grow', { services: 5, pipes: 20 })).body).toEqual({
      services: 10,
      pipes: 200,
    });
    await t.control('POST', '/reset');
    expect((await t.cloud<Envelope<unknown[]>>('GET', `${t.org}/services`)).body.result).toHaveLength(3);
  });

  it.each([
    [{ services: 10 }, 'Invalid growth: pipes must be an integer from 0 to 2000'],
    [{ services: -1, pipes: 1 }, 'Invalid growth: services must be an integer from 0 to 100'],
    [{ services: 2.5, pipes: 1 }, 'Invalid growth: services must be an integer from 0 to 100'],
    [{ services: 3, pipes: 5000 }, 'Invalid growth: pipes must be an integer from 0 to 2000'],
  ])('refuses %j', async (body, message) => {
    const res = await t.control<{ message: string }>('POST', '/organization/grow', body);
    expect([res.status, res.body.message]).toEqual([400, message]);
  });
});
