import { get } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index';
import { basic } from './harness';

describe('startEmulator', () => {
  it('adopts the given identifiers and credentials', async () => {
    const options = {
      organizationId: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee',
      serviceId: '11111111-2222-4333-8444-555555555555',
      cloudKeyId: 'TESTKEYID000000000001',
      cloudKeySecret: 'test-secret-value',
      observabilityApiKey: 'test-observability-key',
    };
    const emulator = await startEmulator({ port: 0, quiet: true, ...options });
    try {
      expect(emulator).toMatchObject(options);
      const org = await fetch(
        `${emulator.cloudUrl}/v1/organizations/${options.organizationId}/services/${options.serviceId}`,
        {
          headers: { authorization: basic([options.cloudKeyId, options.cloudKeySecret]) },
        },
      );
      expect(org.status).toBe(200);
      expect(((await org.json()) as { result: { name: string } }).result.name).toBe('Production');
      const oss = await fetch(`${emulator.observabilityUrl}/api/v2/sources`, {
        headers: { authorization: 'Bearer test-observability-key' },
      });
      expect(oss.status).toBe(200);
    } finally {
      await emulator.close();
    }
  });

  it('derives the same default ids on every start but fresh secrets', async () => {
    const a = await startEmulator({ port: 0, quiet: true });
    const b = await startEmulator({ port: 0, quiet: true });
    try {
      expect([a.organizationId, a.serviceId, a.cloudKeyId]).toEqual([b.organizationId, b.serviceId, b.cloudKeyId]);
      expect(a.cloudKeySecret).not.toBe(b.cloudKeySecret);
      expect(a.observabilityApiKey).not.toBe(b.observabilityApiKey);
      expect([...a.state.keys.keys()]).toEqual([...b.state.keys.keys()]);
      expect([...a.state.oss.dashboards.keys()]).toEqual([...b.state.oss.dashboards.keys()]);
      expect(new URL(a.cloudUrl).hostname).toBe('127.0.0.1');
      expect(new URL(a.observabilityUrl).hostname).toBe('127.0.0.1');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('rejects invalid options and busy ports', async () => {
    await expect(startEmulator({ organizationId: 'org-1' })).rejects.toThrow(/organizationId must be a UUID/);
    await expect(startEmulator({ cloudKeyId: 'a:b' })).rejects.toThrow(/cloudKeyId/);
    const first = await startEmulator({ port: 0, quiet: true });
    try {
      await expect(startEmulator({ port: Number(new URL(first.cloudUrl).port), quiet: true })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await first.close();
    }
  });

  it('answers with keep-alive friendly responses', async () => {
    const emulator = await startEmulator({ port: 0, quiet: true });
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        get(`${emulator.cloudUrl}/v1/organizations`, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        }).on('error', reject);
      });
      expect(headers['content-length']).toMatch(/^\d+$/);
      expect(headers.connection).not.toBe('close');
      expect(headers['keep-alive']).toBe('timeout=65');
    } finally {
      await emulator.close();
    }
  });

  it('closes promptly even with a hanging request open', async () => {
    const emulator = await startEmulator({ port: 0, quiet: true });
    await fetch(`${emulator.cloudUrl}/__emulator/faults`, {
      method: 'POST',
      body: JSON.stringify({ path: '/v1', hang: true }),
    });
    const pending = fetch(`${emulator.cloudUrl}/v1/organizations`).catch((error: unknown) => error);
    // Wait until the request is really held open by the server.
    for (;;) {
      const log = (await (await fetch(`${emulator.cloudUrl}/__emulator/requests`)).json()) as { data: unknown[] };
      if (log.data.length > 0) break;
    }
    // A close that waited for the hanging request would never end: the test's timeout catches it.
    await emulator.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});
