import { describe, expect, it } from 'vitest';
import { buildPipeTimeline, timelineActor, timelineLabel, type PipeTimelineEvent } from './timeline';

const MIN = 60_000;

describe('the state timeline', () => {
  it('names who did a change where Sluice did it, and nobody where the upstream changed by itself', () => {
    const events = buildPipeTimeline(
      [
        { at: 0, from: null, to: 'Provisioning' },
        { at: 1 * MIN, from: 'Provisioning', to: 'Running' },
        { at: 10 * MIN, from: 'Running', to: 'Failed' },
        { at: 20 * MIN, from: 'Failed', to: 'Running' },
        { at: 30 * MIN + 2_000, from: 'Running', to: 'Stopping' },
        { at: 31 * MIN, from: 'Stopping', to: 'Stopped' },
        { at: 40 * MIN, from: 'Stopped', to: 'Running' },
      ],
      [
        { at: -1_000, action: 'create', actor: 'ada' },
        { at: 30 * MIN, action: 'stop', actor: 'bob' },
        { at: 40 * MIN + 1_000, action: 'start', actor: 'ada' },
        // Nothing followed it (yet): shown on its own.
        { at: 50 * MIN, action: 'stop', actor: 'carol' },
      ],
    );
    expect(events.map((event) => [event.at, timelineLabel(event), timelineActor(event) ?? null])).toEqual([
      [50 * MIN, 'Stop requested', 'carol'],
      [40 * MIN, 'Resumed', 'ada'],
      [31 * MIN, 'Stopped', null],
      [30 * MIN + 2_000, 'Stopping', 'bob'],
      [20 * MIN, 'Recovered', null],
      [10 * MIN, 'Failed', null],
      [1 * MIN, 'Started', null],
      [0, 'Created', 'ada'],
    ]);
  });

  it('does not give an action a change long after it, or one of another kind', () => {
    const events = buildPipeTimeline(
      [
        { at: 30 * MIN, from: 'Running', to: 'Stopped' },
        { at: 31 * MIN, from: 'Stopped', to: 'Failed' },
      ],
      [
        { at: 0, action: 'stop', actor: 'bob' },
        { at: 30 * MIN + 30_000, action: 'start', actor: 'ada' },
      ],
    );
    expect(
      events
        .filter((event): event is Extract<PipeTimelineEvent, { kind: 'action' }> => event.kind === 'action')
        .map((e) => e.actor),
    ).toEqual(['ada', 'bob']);
    expect(events.every((event) => event.kind === 'action' || !event.by)).toBe(true);
  });

  it('labels a pipe first seen mid-life by its state', () => {
    expect(timelineLabel({ kind: 'state', at: 0, from: null, state: 'Running' })).toBe('Running when first seen');
    expect(timelineLabel({ kind: 'state', at: 0, from: null, state: 'InternalError' })).toBe(
      'Internal error when first seen',
    );
    expect(timelineLabel({ kind: 'state', at: 0, from: 'Running', state: 'InternalError' })).toBe('Internal error');
  });
});
