// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed, byLabel, click, render, type } from '@/components/testing/render';

const navigation = vi.hoisted(() => ({ search: 'tile=a', replace: vi.fn() }));
vi.mock('next/navigation', () => ({
  usePathname: () => '/dashboards/d1',
  useRouter: () => ({ replace: navigation.replace }),
  useSearchParams: () => new URLSearchParams(navigation.search),
}));

const { TimeRangeBar } = await import('./time-range-bar');

function select(label: string): HTMLSelectElement {
  for (const element of document.querySelectorAll('label')) {
    if (element.textContent?.trim() === label) return document.getElementById(element.htmlFor) as HTMLSelectElement;
  }
  throw new Error(`No select labelled ${label}`);
}

async function choose(element: HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('TimeRangeBar', () => {
  beforeEach(() => {
    navigation.search = 'tile=a';
    navigation.replace.mockReset();
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('writes a preset, a granularity and a refresh into the URL, keeping other parameters', async () => {
    const page = await render(<TimeRangeBar />);
    await choose(select('Time range'), '7d');
    expect(navigation.replace).toHaveBeenLastCalledWith('/dashboards/d1?tile=a&range=7d', { scroll: false });
    await choose(select('Granularity'), '1h');
    expect(navigation.replace).toHaveBeenLastCalledWith('/dashboards/d1?tile=a&granularity=1h', { scroll: false });
    await choose(select('Live refresh'), '30s');
    expect(navigation.replace).toHaveBeenLastCalledWith('/dashboards/d1?tile=a&refresh=30s', { scroll: false });
    await page.unmount();
  });

  it('checks a custom range, naming the field, before writing from and to', async () => {
    const page = await render(<TimeRangeBar />);
    await choose(select('Time range'), 'custom');
    await type(byLabel('From'), '2030-06-15T12:00');
    await type(byLabel('To'), '2030-06-15T11:00');
    await click(buttonNamed('Apply range'));
    expect(document.body.textContent).toContain('To must be after From');
    expect(byLabel('To').getAttribute('aria-invalid')).toBe('true');
    expect(navigation.replace).not.toHaveBeenCalled();

    await type(byLabel('To'), '2030-06-15T13:00');
    await click(buttonNamed('Apply range'));
    const from = new Date(2030, 5, 15, 12, 0).getTime();
    const to = new Date(2030, 5, 15, 13, 0).getTime();
    expect(navigation.replace).toHaveBeenLastCalledWith(`/dashboards/d1?tile=a&from=${from}&to=${to}`, {
      scroll: false,
    });
    await page.unmount();
  });

  it('shows an absolute range from the URL and turns live refresh off for it', async () => {
    navigation.search = 'from=1000&to=2000';
    const page = await render(<TimeRangeBar />);
    expect(select('Time range').value).toBe('custom');
    expect(select('Live refresh').disabled).toBe(true);
    expect(byLabel('From').value).not.toBe('');
    await page.unmount();
  });
});
