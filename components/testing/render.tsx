import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createQueryClient } from '@/lib/api/query-client';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Mounts a tree with the console's providers in the happy-dom document, for component tests. */
export async function render(
  ui: ReactNode,
): Promise<{ root: Root; container: HTMLElement; unmount: () => Promise<void> }> {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const client = createQueryClient(() => undefined);
  await act(async () => {
    root.render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  });
  return {
    root,
    container,
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Sets an input's value the way a person typing does, so React's onChange fires. */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** Lets pending promises (fetch mocks, react-query, resolvers) settle inside act. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

export function byLabel(label: string, scope: ParentNode = document): HTMLInputElement {
  for (const element of scope.querySelectorAll('label')) {
    if (element.textContent?.trim() === label) {
      const input = document.getElementById(element.htmlFor);
      if (input instanceof HTMLInputElement) return input;
    }
  }
  throw new Error(`No input labelled "${label}"`);
}

export function buttonNamed(name: string, scope: ParentNode = document): HTMLButtonElement {
  for (const button of scope.querySelectorAll('button')) {
    const accessible = button.getAttribute('aria-label') ?? button.textContent?.trim();
    if (accessible === name) return button;
  }
  throw new Error(`No button named "${name}"`);
}
