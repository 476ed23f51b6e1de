/**
 * bench/wizard: how quickly the pipe wizard answers, in Chromium against a production build.
 *   next     — from the click on Next (the browser's input event) to the next step's heading painted
 *   keystroke — from a keystroke in a bounded field (the Postgres port) to its error painted
 * "Painted" is the second animation frame after the DOM shows the change. Target: both under
 * 100 ms, median of 20.
 */
import type { Page } from '@playwright/test';
import { launchChromium, median, percentile } from './lib/browser';
import { consoleUrl, ensureBuild, signIn, startServers } from './lib/servers';

const SAMPLES = Number(process.env.BENCH_WIZARD_SAMPLES ?? 20);
const TARGET_MS = 100;

export interface WizardResult {
  next: number[];
  keystroke: number[];
}

/**
 * In-page probe: records the time of the next `eventType` event and resolves with the time from it
 * to the second frame after `selector` shows `text`. Plain source text, so the bundler's helpers
 * (which do not exist in the page) never end up inside it.
 */
const PROBE = `(({ eventType, selector, text }) => new Promise((resolve) => {
  let start = 0;
  window.addEventListener(eventType, (event) => { start = event.timeStamp; }, { capture: true, once: true });
  const shows = () => [...document.querySelectorAll(selector)].some((el) => el.textContent.includes(text));
  const observer = new MutationObserver(() => {
    if (!start || !shows()) return;
    observer.disconnect();
    requestAnimationFrame(() => requestAnimationFrame((painted) => resolve(painted - start)));
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__probeReady = true;
}))`;

function armProbe(page: Page, eventType: 'click' | 'keydown', selector: string, text: string): Promise<number> {
  return page.evaluate(`${PROBE}(${JSON.stringify({ eventType, selector, text })})`) as Promise<number>;
}

async function measure(
  page: Page,
  eventType: 'click' | 'keydown',
  selector: string,
  text: string,
  act: () => Promise<void>,
): Promise<number> {
  await page.evaluate('window.__probeReady = false');
  const probe = armProbe(page, eventType, selector, text);
  await page.waitForFunction('window.__probeReady === true');
  await act();
  return probe;
}

async function openWizard(page: Page): Promise<void> {
  await page.goto(`${consoleUrl}/pipes/new`);
  await page.evaluate('sessionStorage.clear()');
  await page.reload();
  const form = page.getByRole('main').locator('form');
  await form.getByLabel('Pipe name', { exact: true }).fill('Bench pipe');
  await form.getByRole('radio', { name: 'Postgres' }).check();
}

export async function runWizardBench(): Promise<WizardResult> {
  await ensureBuild();
  const servers = await startServers();
  const browser = await launchChromium();
  try {
    const cookie = await signIn();
    const [name, value] = cookie.split('=') as [string, string];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name, value, url: consoleUrl }]);
    const page = await context.newPage();
    await openWizard(page);
    const form = page.getByRole('main').locator('form');
    const heading = 'main form h2';

    // One warm-up transition loads the step's code; then Next and Back alternate.
    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByRole('button', { name: 'Back' }).click();
    const next: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      next.push(
        await measure(page, 'click', heading, 'Connection', () => form.getByRole('button', { name: 'Next' }).click()),
      );
      await form.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('heading', { level: 2, name: 'Source kind' }).waitFor();
    }

    await form.getByRole('button', { name: 'Next' }).click();
    const port = form.getByLabel('Port', { exact: true });
    await port.fill('6553');
    const keystroke: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      await port.focus();
      keystroke.push(
        await measure(page, 'keydown', 'main form p', 'Port must be at most 65535', () => page.keyboard.press('9')),
      );
      await page.keyboard.press('Backspace');
      await form.getByText('Port must be at most 65535').waitFor({ state: 'detached' });
    }
    await context.close();
    return { next, keystroke };
  } finally {
    await browser.close();
    servers.stop();
  }
}

export function wizardRows(result: WizardResult): string[][] {
  const row = (name: string, samples: number[]) => {
    const p50 = median(samples);
    return [
      `wizard: ${name}`,
      `${p50.toFixed(1)} ms`,
      `p95 ${percentile(samples, 95).toFixed(1)} ms`,
      `target < ${TARGET_MS} ms`,
      `${p50 < TARGET_MS ? 'met' : 'NOT met'}, median of ${samples.length}`,
    ];
  };
  return [row('Next → next step painted', result.next), row('keystroke → bound error painted', result.keystroke)];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runWizardBench()
    .then((result) => {
      for (const row of wizardRows(result)) console.log(row.join('  │  '));
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
