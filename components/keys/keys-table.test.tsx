// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/components/testing/render';
import type { KeyRecord } from '@/lib/schemas/keys';
import { KeysTable } from './keys-table';

vi.mock('next/navigation', () => ({
  useRouter: () => ({ push: vi.fn() }),
  usePathname: () => '/keys',
  useSearchParams: () => new URLSearchParams(),
}));

const key = (id: string, name: string, keySuffix: string): KeyRecord => ({
  id,
  name,
  state: 'enabled',
  roles: ['admin'],
  keySuffix,
  createdAt: '2026-01-01T00:00:00Z',
  ipAccessList: [],
});

function rowText(name: string): string {
  const row = [...document.querySelectorAll('tbody tr')].find((tr) =>
    tr.querySelector('th')?.textContent?.startsWith(name),
  );
  return row?.textContent ?? '';
}

describe('KeysTable marks the console key', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('as used by this console when one key has its ending', async () => {
    const page = await render(
      <KeysTable
        keys={[key('a', 'Console', 'ab12'), key('b', 'Other', 'zz99')]}
        now={Date.now()}
        consoleKeyIds={new Set(['a'])}
      />,
    );
    expect(rowText('Console')).toContain('Used by this console');
    expect(rowText('Other')).not.toContain('console');
    await page.unmount();
  });

  it('as maybe used by this console when several keys share it', async () => {
    const page = await render(
      <KeysTable
        keys={[key('a', 'Console', 'ab12'), key('b', 'Twin', 'ab12')]}
        now={Date.now()}
        consoleKeyIds={new Set(['a', 'b'])}
      />,
    );
    expect(rowText('Console')).toContain('Maybe used by this console');
    expect(rowText('Twin')).toContain('Maybe used by this console');
    await page.unmount();
  });
});
