import { describe, expect, it } from 'vitest';
import { alignFieldMappings, mapByName } from './wizard-values';

describe('field mapping helpers', () => {
  it('keeps one mapping per named column, in column order, keeping what was typed', () => {
    const aligned = alignFieldMappings(
      [{ name: 'b' }, { name: 'a' }, { name: '' }],
      [
        { sourceField: 'x', destinationField: 'a' },
        { sourceField: 'y', destinationField: 'gone' },
      ],
    );
    expect(aligned).toEqual([
      { destinationField: 'b', sourceField: '' },
      { destinationField: 'a', sourceField: 'x' },
    ]);
  });

  it('maps unmapped columns by name and leaves mapped ones alone', () => {
    expect(
      mapByName([
        { destinationField: 'a', sourceField: '' },
        { destinationField: 'b', sourceField: 'c' },
      ]),
    ).toEqual([
      { destinationField: 'a', sourceField: 'a' },
      { destinationField: 'b', sourceField: 'c' },
    ]);
  });
});
