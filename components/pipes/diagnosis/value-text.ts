import { SHOWN_VALUE_CHARS } from '@/lib/pipes/diagnosis/types';

/** A cell's value as text: objects as JSON, null as an em dash. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** What a table cell shows: wide values cut, with an ellipsis saying so ("Open" shows them whole). */
export function shownText(value: unknown): { text: string; cut: boolean } {
  const text = valueText(value);
  return text.length > SHOWN_VALUE_CHARS
    ? { text: `${text.slice(0, SHOWN_VALUE_CHARS)}…`, cut: true }
    : { text, cut: false };
}
