import { describe, expect, it } from 'vitest';
import { emulatorForFile } from './harness';
import { kafkaBody, pipeClient } from './pipe-fixtures';
import { queryClient } from './query-fixtures';

const t = emulatorForFile({ stepMs: 20, queryEngine: false });
const q = queryClient(t);
const pipes = pipeClient(t, 20);

describe('an emulator started without its query engine', () => {
  it('answers the query host with 503 in plain text, after the usual checks', async () => {
    expect((await q.run('SELECT 1')).status).toBe(403);
    await q.allowConsoleKey();
    const res = await q.run('SELECT 1');
    expect([res.status, res.contentType]).toEqual([503, 'text/plain; charset=utf-8']);
    expect(res.text).toContain('without a query engine');
  });

  it('creates pipes without checking their destination against an engine', async () => {
    const pipe = await pipes.create(
      kafkaBody(
        {},
        {
          destination: {
            database: 'default',
            table: 'events',
            managedTable: true,
            columns: [{ name: 'id', type: 'NoSuchType' }],
          },
          fieldMappings: undefined,
        },
      ),
    );
    expect(pipe.id).toEqual(expect.any(String));
  });

  it('answers drop-destination with 409', async () => {
    const [pipe] = await pipes.seeded();
    expect((await t.control('POST', `/pipes/${pipe!.id}/drop-destination`)).status).toBe(409);
  });
});
