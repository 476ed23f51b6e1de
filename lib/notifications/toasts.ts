/**
 * Success messages ("Pipe stopping", "Key created") as a tiny store: mutations announce, the
 * shell's toaster shows. Kept out of React so the data layer can announce without a component.
 */
export interface Toast {
  id: number;
  message: string;
}

type Listener = () => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const MAX_SHOWN = 3;

function emit(): void {
  for (const listener of listeners) listener();
}

export function announceSuccess(message: string): void {
  toasts = [...toasts, { id: nextId++, message }].slice(-MAX_SHOWN);
  emit();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = (): readonly Toast[] => toasts;

/** What a mutation puts in `meta.success`: the message for its result and variables. */
export type SuccessMessage<TData = unknown, TVariables = unknown> =
  string | ((data: TData, variables: TVariables) => string);

export const SUCCESS_META = 'success';

export function successText(
  meta: Record<string, unknown> | undefined,
  data: unknown,
  variables: unknown,
): string | undefined {
  const message = meta?.[SUCCESS_META] as SuccessMessage | undefined;
  if (typeof message === 'function') return message(data, variables);
  return message;
}
