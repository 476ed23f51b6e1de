// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buttonNamed, click, render, settle } from '@/components/testing/render';
import { ActionMenu } from './action-menu';

/** Settles until `done` holds: the menu's code arrives through a dynamic import. */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await settle(1);
}

const menuItems = () => [...document.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);

describe('ActionMenu', () => {
  it('a press on the stand-in, before the menu code is in, opens the menu once it arrives', async () => {
    const onDelete = vi.fn();
    const { unmount } = await render(
      <ActionMenu
        label="Actions for CI deploy"
        items={[
          { label: 'Rename', onSelect: () => {} },
          { label: 'Delete', onSelect: onDelete, danger: true },
        ]}
      />,
    );
    // Rendered at once with the same name, before the lazily loaded menu replaces it.
    const standIn = buttonNamed('Actions for CI deploy');
    expect(standIn.getAttribute('aria-haspopup')).toBe('menu');
    await click(standIn);
    await settleUntil(() => menuItems().length > 0);
    expect(menuItems()).toEqual(['Rename', 'Delete']);
    await act(async () => {
      (document.querySelectorAll('[role="menuitem"]')[1] as HTMLElement).click();
    });
    expect(onDelete).toHaveBeenCalledOnce();
    await unmount();
  });

  it('keeps the stand-in until the row is pointed at, and mounts the real menu then', async () => {
    const { unmount } = await render(
      <ActionMenu label="Actions for weekly" items={[{ label: 'Delete', onSelect: () => {}, danger: true }]} />,
    );
    // The code arrives, but the row builds no Radix menu for nobody.
    for (let i = 0; i < 20; i++) await settle(1);
    expect(buttonNamed('Actions for weekly').hasAttribute('aria-expanded')).toBe(false);
    await act(async () => {
      // React derives pointerenter from pointerover.
      buttonNamed('Actions for weekly').dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    });
    await settleUntil(() => buttonNamed('Actions for weekly').hasAttribute('aria-expanded'));
    expect(buttonNamed('Actions for weekly').getAttribute('aria-expanded')).toBe('false');
    expect(menuItems()).toEqual([]);
    await unmount();
  });

  it('a focused stand-in hands its focus to the real trigger', async () => {
    const { unmount } = await render(
      <ActionMenu label="Actions for nightly" items={[{ label: 'Delete', onSelect: () => {}, danger: true }]} />,
    );
    await act(async () => {
      buttonNamed('Actions for nightly').focus();
    });
    await settleUntil(() => buttonNamed('Actions for nightly').hasAttribute('aria-expanded'));
    const trigger = buttonNamed('Actions for nightly');
    expect(menuItems()).toEqual([]);
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await unmount();
  });
});
