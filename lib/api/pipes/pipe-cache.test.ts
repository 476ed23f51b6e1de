import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { PipeRecord } from '@/lib/schemas/pipes/record';
import { pipeKeys } from './keys';
import { applyPipeChange, replacedBy } from './pipe-cache';

const pipe = (id: string, name: string) => ({ id, name, state: 'Running' }) as unknown as PipeRecord;

describe('applyPipeChange', () => {
  it('puts the changed pipe in the detail and the list at once, leaving the others', async () => {
    const client = new QueryClient();
    client.setQueryData(pipeKeys.list('o', 's'), [pipe('a', 'A'), pipe('b', 'B')]);
    await applyPipeChange(client, 'o', 's', 'b', replacedBy(pipe('b', 'B2')));
    expect(client.getQueryData<PipeRecord[]>(pipeKeys.list('o', 's'))?.map((p) => p.name)).toEqual(['A', 'B2']);
    expect(client.getQueryData<PipeRecord>(pipeKeys.detail('o', 's', 'b'))?.name).toBe('B2');
  });

  it('keeps the cached pipe when the answer is empty', async () => {
    const client = new QueryClient();
    client.setQueryData(pipeKeys.detail('o', 's', 'a'), pipe('a', 'A'));
    await applyPipeChange(client, 'o', 's', 'a', replacedBy(undefined));
    expect(client.getQueryData<PipeRecord>(pipeKeys.detail('o', 's', 'a'))?.name).toBe('A');
  });
});
