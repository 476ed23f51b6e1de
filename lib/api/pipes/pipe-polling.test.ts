import { describe, expect, it } from 'vitest';
import { pipeIsSettling } from './pipe-polling';

const objectStorage = (isContinuous?: boolean) => ({
  objectStorage: { type: 'objstore_1', url: 'u', format: 'CSV', isContinuous },
});

describe('pipeIsSettling', () => {
  it('keeps watching transitional states', () => {
    expect(pipeIsSettling({ state: 'Provisioning', source: {} } as never)).toBe(true);
    expect(pipeIsSettling({ state: 'Stopped', source: {} } as never)).toBe(false);
  });

  it('keeps watching a running one-shot object-storage pipe until it completes', () => {
    expect(pipeIsSettling({ state: 'Running', source: objectStorage() } as never)).toBe(true);
    expect(pipeIsSettling({ state: 'Running', source: objectStorage(false) } as never)).toBe(true);
    expect(pipeIsSettling({ state: 'Running', source: objectStorage(true) } as never)).toBe(false);
    expect(pipeIsSettling({ state: 'Completed', source: objectStorage() } as never)).toBe(false);
    expect(pipeIsSettling({ state: 'Running', source: { kafka: { type: 'kafka' } } } as never)).toBe(false);
  });
});
