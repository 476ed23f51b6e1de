// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ZonedDateTime } from './zoned-date-time';

const AT = Date.parse('2030-06-15T12:00:00Z');
const zone = process.env.TZ;

afterEach(() => {
  process.env.TZ = zone;
});

describe('ZonedDateTime', () => {
  it('is sent in UTC, taken over as sent, then shown in the reader’s zone', async () => {
    process.env.TZ = 'Europe/Berlin';
    const html = renderToString(<ZonedDateTime value={AT} />);
    expect(html).toContain('Jun 15, 2030, 12:00 PM UTC');
    expect(html).toContain('dateTime="2030-06-15T12:00:00.000Z"');

    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <ZonedDateTime value={AT} />, { onRecoverableError: (error) => errors.push(error) }),
    );
    // Hydration found the server's text (no mismatch), and the reader's own zone followed.
    expect(errors).toEqual([]);
    expect(container.textContent).toBe('Jun 15, 2030, 2:00 PM GMT+2');
    await act(async () => root.unmount());
    container.remove();
  });
});
