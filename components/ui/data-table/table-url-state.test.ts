import { describe, expect, it } from 'vitest';
import {
  clampPageIndex,
  pageRangeText,
  parseTableState,
  tableStateQuery,
  withFilterQuery,
  withoutTableStateQuery,
  type TableUrlDefaults,
} from './table-url-state';

const defaults: TableUrlDefaults = {
  prefix: '',
  sortable: ['name', 'rate'],
  sort: null,
  pageSizes: [10, 25, 50],
  pageSize: 25,
};

const parse = (query: string, d = defaults) => parseTableState(new URLSearchParams(query), d);

describe('parseTableState', () => {
  it('gives the defaults for an untouched URL', () => {
    expect(parse('')).toEqual({ sort: null, pageIndex: 0, pageSize: 25 });
  });

  it('reads a descending sort, a page and a page size', () => {
    expect(parse('sort=-rate&page=3&size=10')).toEqual({
      sort: { id: 'rate', desc: true },
      pageIndex: 2,
      pageSize: 10,
    });
    expect(parse('sort=name')).toMatchObject({ sort: { id: 'name', desc: false } });
  });

  it.each([
    ['sort=password', 'a column that cannot be sorted'],
    ['page=0', 'page 0'],
    ['page=-2', 'a negative page'],
    ['page=two', 'a page that is not a number'],
    ['size=7', 'a page size the table does not offer'],
    ['size=1e3', 'a page size in another notation'],
  ])('falls back to the defaults for %s (%s)', (query) => {
    expect(parse(query)).toEqual({ sort: null, pageIndex: 0, pageSize: 25 });
  });

  it('reads only its own prefix where two tables share a page', () => {
    const keys = { ...defaults, prefix: 'keys' };
    expect(parse('sort=name&keys.sort=-rate&keys.page=2', keys)).toEqual({
      sort: { id: 'rate', desc: true },
      pageIndex: 1,
      pageSize: 25,
    });
  });

  it('keeps an explicitly cleared sort apart from the default one', () => {
    const sorted = { ...defaults, sort: { id: 'name', desc: false } };
    expect(parse('', sorted).sort).toEqual({ id: 'name', desc: false });
    expect(parse('sort=', sorted).sort).toBeNull();
  });
});

describe('tableStateQuery', () => {
  it('writes nothing for the defaults, so an untouched table keeps a clean URL', () => {
    expect(tableStateQuery(new URLSearchParams(), { sort: null, pageIndex: 0, pageSize: 25 }, defaults)).toBe('');
  });

  it('round-trips through the URL', () => {
    const states = [
      { sort: { id: 'rate', desc: true }, pageIndex: 4, pageSize: 10 },
      { sort: { id: 'name', desc: false }, pageIndex: 0, pageSize: 50 },
      { sort: null, pageIndex: 1, pageSize: 25 },
    ];
    for (const state of states) {
      const query = tableStateQuery(new URLSearchParams(), state, defaults);
      expect(parse(query.slice(1))).toEqual(state);
    }
  });

  it("keeps the page's other parameters and another table's state", () => {
    const current = new URLSearchParams('state=Running&keys.page=2&page=9');
    const query = tableStateQuery(current, { sort: { id: 'name', desc: true }, pageIndex: 0, pageSize: 25 }, defaults);
    expect(query).toBe('?state=Running&keys.page=2&sort=-name');
  });

  it('writes an explicit "no sort" where the table has a default one', () => {
    const sorted = { ...defaults, sort: { id: 'name', desc: false } };
    const query = tableStateQuery(new URLSearchParams(), { sort: null, pageIndex: 0, pageSize: 25 }, sorted);
    expect(query).toBe('?sort=');
    expect(parse(query.slice(1), sorted).sort).toBeNull();
  });
});

describe('paging helpers', () => {
  it('keeps a page that exists and moves past the end to the last page', () => {
    expect(clampPageIndex(2, 140, 25)).toBe(2);
    expect(clampPageIndex(9, 140, 25)).toBe(5);
    expect(clampPageIndex(3, 0, 25)).toBe(0);
  });

  it('says which rows a page shows', () => {
    expect(pageRangeText(0, 25, 140)).toBe('1–25 of 140');
    expect(pageRangeText(5, 25, 140)).toBe('126–140 of 140');
    expect(pageRangeText(0, 25, 0)).toBe('0 of 0');
  });

  it('starts a filtered list from its first page and keeps its sort', () => {
    const current = new URLSearchParams('sort=-rate&page=3&state=Running');
    expect(withFilterQuery(current, { state: undefined, kind: 'kafka' })).toBe('?sort=-rate&kind=kafka');
    expect(withFilterQuery(new URLSearchParams('page=2'), { state: undefined })).toBe('');
  });

  it("drops a closed dialog's table state and keeps everything else", () => {
    const current = new URLSearchParams(
      'sort=-rate&versions.sort=version&versions.page=2&versions.size=50&state=Running',
    );
    expect(withoutTableStateQuery(current, 'versions')).toBe('?sort=-rate&state=Running');
    expect(withoutTableStateQuery(new URLSearchParams('versions.sort=-when'), 'versions')).toBe('');
  });
});
