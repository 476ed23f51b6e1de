import { describe, expect, it } from 'vitest';
import { busyStretches } from './main-thread';

const nodes = [
  { id: 1, callFrame: { functionName: '(idle)' } },
  { id: 2, callFrame: { functionName: 'render' } },
  { id: 3, callFrame: { functionName: '(program)' } },
];

describe('busyStretches', () => {
  it('takes the runs of busy samples between idle ones as tasks, in ms', () => {
    // Samples every 1,000 µs: idle, busy ×3, idle, busy ×2 (the last run ends the profile).
    const profile = { nodes, samples: [1, 2, 3, 2, 1, 2, 2], timeDeltas: [1000, 1000, 1000, 1000, 1000, 1000, 1000] };
    expect(busyStretches(profile)).toEqual([2, 1]);
  });

  it('finds no task in an idle profile', () => {
    expect(busyStretches({ nodes, samples: [1, 1], timeDeltas: [1000, 1000] })).toEqual([]);
  });
});
