import { describe, expect, it } from 'vitest';
import {
  allowedPipeCommands,
  filterPipes,
  parsePipeFilters,
  pipeFiltersQuery,
  pipeStateTone,
  statesToOffer,
} from './pipe-state';

describe('pipeStateTone', () => {
  it.each([
    ['Running', 'success'],
    ['Provisioning', 'accent'],
    ['Stopping', 'accent'],
    ['Setup', 'accent'],
    ['Snapshot', 'accent'],
    ['Resync', 'accent'],
    ['Stopped', 'neutral'],
    ['Completed', 'neutral'],
    ['Paused', 'neutral'],
    ['Unknown', 'neutral'],
    ['SomethingNew', 'neutral'],
    ['Failed', 'danger'],
    ['InternalError', 'danger'],
  ])('%s is %s', (state, tone) => {
    expect(pipeStateTone(state)).toBe(tone);
  });
});

describe('allowedPipeCommands', () => {
  it.each([
    ['Running', 'kafka', ['stop']],
    ['Stopping', 'kafka', ['stop']],
    ['Stopped', 'kafka', ['start']],
    ['Failed', 'objectStorage', ['start']],
    ['Completed', 'objectStorage', []],
    ['Running', 'postgres', ['stop', 'resync']],
    ['Stopped', 'postgres', ['start', 'resync']],
    ['Running', undefined, ['stop']],
  ] as const)('%s %s pipe: %j', (state, kind, commands) => {
    expect(allowedPipeCommands(state, kind)).toEqual(commands);
  });
});

describe('pipe filters', () => {
  it.each([
    ['', {}],
    ['?state=Running&kind=kafka', { state: 'Running', kind: 'kafka' }],
    ['?state=Failed', { state: 'Failed' }],
    ['?kind=postgres', { kind: 'postgres' }],
    ['?state=running&kind=Kafka', {}],
    ['?state=&kind=', {}],
    ['?state=Bogus&kind=postgres', { kind: 'postgres' }],
  ])('parses %s', (query, filters) => {
    expect(parsePipeFilters(new URLSearchParams(query))).toEqual(filters);
  });

  it('writes the query string back, empty without filters', () => {
    expect(pipeFiltersQuery({})).toBe('');
    expect(pipeFiltersQuery({ state: 'Running', kind: 'kafka' })).toBe('?state=Running&kind=kafka');
    expect(parsePipeFilters(new URLSearchParams(pipeFiltersQuery({ kind: 'streamService' })))).toEqual({
      kind: 'streamService',
    });
  });

  const pipes = [
    { name: 'a', state: 'Running', source: { kafka: {} } },
    { name: 'b', state: 'Failed', source: { kafka: {}, postgres: null } },
    { name: 'c', state: 'Running', source: { postgres: {} } },
  ];

  it('keeps the pipes matching every filter', () => {
    expect(filterPipes(pipes, {}).map((p) => p.name)).toEqual(['a', 'b', 'c']);
    expect(filterPipes(pipes, { state: 'Running' }).map((p) => p.name)).toEqual(['a', 'c']);
    expect(filterPipes(pipes, { kind: 'kafka' }).map((p) => p.name)).toEqual(['a', 'b']);
    expect(filterPipes(pipes, { state: 'Running', kind: 'postgres' }).map((p) => p.name)).toEqual(['c']);
    expect(filterPipes(pipes, { kind: 'objectStorage' })).toEqual([]);
  });

  it('offers the states present, in upstream order, plus the chosen one', () => {
    expect(statesToOffer(pipes)).toEqual(['Running', 'Failed']);
    expect(statesToOffer(pipes, 'Stopped')).toEqual(['Running', 'Stopped', 'Failed']);
  });
});
