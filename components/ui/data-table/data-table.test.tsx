// @vitest-environment happy-dom
import type { ColumnDef } from '@tanstack/react-table';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, render } from '@/components/testing/render';
import { DataTable } from './data-table';

let search = new URLSearchParams();
const listeners = new Set<() => void>();
// A push moves the page to the new URL, as Next's router does, so the table reads it again.
const push = vi.fn((url: string) => {
  search = new URLSearchParams(url.split('?')[1] ?? '');
  for (const listener of listeners) listener();
});
vi.mock('next/navigation', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    useRouter: () => ({ push }),
    usePathname: () => '/pipes',
    useSearchParams: () => useSyncExternalStore(subscribe, () => search),
  };
});

interface Item {
  id: string;
  name: string;
  rate?: number;
}

// Names "Pipe 01" … "Pipe 30"; every third has no rate yet.
const items: Item[] = Array.from({ length: 30 }, (_, index) => ({
  id: `p${index + 1}`,
  name: `Pipe ${String(index + 1).padStart(2, '0')}`,
  ...(index % 3 === 0 ? {} : { rate: index * 10 }),
}));

const columns: ColumnDef<Item, unknown>[] = [
  { id: 'name', header: 'Name', accessorFn: (item) => item.name, meta: { phone: true, rowHeader: true } },
  { id: 'rate', header: 'Rows now', accessorFn: (item) => item.rate, sortUndefined: 'last', sortDescFirst: true },
  { id: 'actions', header: 'Actions', enableSorting: false, meta: { phone: true, headerHidden: true } },
];

const bodyNames = () => [...document.querySelectorAll('tbody th')].map((cell) => cell.textContent);
const header = (name: string) =>
  [...document.querySelectorAll('thead th')].find((cell) => cell.textContent?.startsWith(name))!;
const status = () => document.querySelector('nav [role="status"]')?.textContent;

function table(data: readonly Item[] = items) {
  return render(<DataTable label="Pipes" data={data} columns={columns} getRowId={(item) => item.id} />);
}

describe('DataTable', () => {
  afterEach(() => {
    search = new URLSearchParams();
    push.mockClear();
    document.body.innerHTML = '';
  });

  it('shows the first page in the data order, headers that say they can be sorted', async () => {
    const page = await table();
    expect(bodyNames()).toHaveLength(25);
    expect(bodyNames()[0]).toBe('Pipe 01');
    expect(status()).toBe('1–25 of 30');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Actions').hasAttribute('aria-sort')).toBe(false);
    expect(header('Actions').querySelector('button')).toBeNull();
    await page.unmount();
  });

  it('sorts by a header button, puts the sort in the URL, and marks the header', async () => {
    const page = await table();
    await click(buttonNamed('Rows now'));
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=-rate', { scroll: false });
    expect(header('Rows now').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(bodyNames()[0]).toBe('Pipe 30');

    await click(buttonNamed('Rows now'));
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=rate', { scroll: false });
    expect(header('Rows now').getAttribute('aria-sort')).toBe('ascending');
    expect(bodyNames()[0]).toBe('Pipe 02');
    await page.unmount();
  });

  it('keeps pipes without a rate last whichever way the rate is sorted', async () => {
    search = new URLSearchParams('sort=rate&size=50');
    const page = await table();
    expect(bodyNames().slice(-10)).toEqual(items.filter((item) => item.rate === undefined).map((item) => item.name));
    await page.unmount();
  });

  it('opens the sort, page and page size a shared URL names, and pages on from there', async () => {
    search = new URLSearchParams('sort=-name&page=2&size=10');
    const page = await table();
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(bodyNames()).toEqual(Array.from({ length: 10 }, (_, i) => `Pipe ${String(20 - i).padStart(2, '0')}`));
    expect(status()).toBe('11–20 of 30');

    await click(buttonNamed('Next'));
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=-name&page=3&size=10', { scroll: false });
    expect(bodyNames().at(-1)).toBe('Pipe 01');
    expect(buttonNamed('Next').disabled).toBe(true);

    await click(buttonNamed('Previous'));
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=-name&page=2&size=10', { scroll: false });
    await page.unmount();
  });

  it('starts again from the first page when the sort or the page size changes', async () => {
    search = new URLSearchParams('page=2');
    const page = await table();
    expect(status()).toBe('26–30 of 30');
    await click(buttonNamed('Name'));
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=name', { scroll: false });

    const size = document.querySelector('nav select') as HTMLSelectElement;
    await act(async () => {
      size.value = '10';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(push).toHaveBeenLastCalledWith('/pipes?sort=name&size=10', { scroll: false });
    expect(status()).toBe('1–10 of 30');
    await page.unmount();
  });

  it('builds a second change on the first while the router is still moving to it', async () => {
    const page = await table();
    // The router has not moved yet when the next page is asked for.
    push.mockImplementationOnce(() => undefined);
    const size = document.querySelector('nav select') as HTMLSelectElement;
    await act(async () => {
      size.value = '10';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(push).toHaveBeenLastCalledWith('/pipes?size=10', { scroll: false });
    expect(status()).toBe('1–10 of 30');
    await click(buttonNamed('Next'));
    expect(push).toHaveBeenLastCalledWith('/pipes?page=2&size=10', { scroll: false });
    await page.unmount();
  });

  it('shows the last page when the URL asks for a page past the end', async () => {
    search = new URLSearchParams('page=9');
    const page = await table();
    expect(status()).toBe('26–30 of 30');
    await page.unmount();
  });

  it('leaves the pager out when every row fits on the smallest page', async () => {
    const page = await table(items.slice(0, 5));
    expect(bodyNames()).toHaveLength(5);
    expect(document.querySelector('nav')).toBeNull();
    await page.unmount();
  });

  it('marks the columns that fold away on a phone, and names each row by its row header', async () => {
    const page = await table(items.slice(0, 2));
    const folding = [...document.querySelectorAll('thead th')].map((cell) => cell.hasAttribute('data-phone-hidden'));
    expect(folding).toEqual([false, true, false]);
    const row = document.querySelector('tbody tr')!;
    expect(row.firstElementChild?.tagName).toBe('TH');
    expect(row.firstElementChild?.getAttribute('scope')).toBe('row');
    expect([...row.children].map((cell) => cell.hasAttribute('data-phone-hidden'))).toEqual([false, true, false]);
    await page.unmount();
  });

  it('shows its empty state instead of an empty table, and placeholder rows while loading', async () => {
    let page = await render(
      <DataTable label="Pipes" data={[]} columns={columns} getRowId={(item) => item.id} empty={<p>No pipes yet</p>} />,
    );
    expect(document.querySelector('table')).toBeNull();
    expect(document.body.textContent).toContain('No pipes yet');
    await page.unmount();

    page = await render(<DataTable label="Pipes" data={[]} columns={columns} getRowId={(item) => item.id} loading />);
    expect(document.querySelector('[role="status"]')?.textContent).toContain('Loading pipes…');
    await page.unmount();
  });
});
