// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DateOnly, DateTime, RelativeTime } from './timestamp';

const AT = '2030-06-15T20:00:00.000Z';
const zone = process.env.TZ;

afterEach(() => {
  process.env.TZ = zone;
});

/** Sends `ui` as a server would, takes it over as a browser does, and returns what hydration found wrong. */
async function sendAndHydrate(ui: React.ReactElement) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  const sent = container.innerHTML;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  const root = await act(async () => hydrateRoot(container, ui, { onRecoverableError: (error) => errors.push(error) }));
  return {
    sent,
    errors,
    container,
    done: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

describe('dates a reader outside UTC reads', () => {
  it('are sent in UTC, taken over as sent, then shown in the reader’s zone', async () => {
    process.env.TZ = 'Asia/Kolkata'; // 20:00 UTC is 1:30 AM the next day there
    const page = await sendAndHydrate(
      <p>
        <DateTime value={AT} /> | <DateOnly value={AT} /> | <RelativeTime value={AT} now={Date.parse(AT)} />
      </p>,
    );
    expect(page.sent).toContain('Jun 15, 2030, 8:00 PM');
    expect(page.errors).toEqual([]);
    const [dateTime, dateOnly, relative] = [...page.container.querySelectorAll('time')];
    expect(dateTime?.textContent).toBe('Jun 16, 2030, 1:30 AM');
    expect(dateOnly?.textContent).toBe('Jun 16, 2030');
    expect(dateOnly?.getAttribute('title')).toBe('Jun 16, 2030, 1:30 AM');
    expect(relative?.textContent).toBe('just now');
    expect(relative?.getAttribute('title')).toBe('Jun 16, 2030, 1:30 AM');
    await page.done();
  });
});
