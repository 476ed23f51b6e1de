/** `NOTIFY_REMIND_HOURS`: how long an open incident waits before it reminds (default 24). */
export function remindAfterMs(raw = process.env.NOTIFY_REMIND_HOURS): number {
  const hours = Number(raw);
  return raw && Number.isFinite(hours) && hours > 0 ? hours * 3_600_000 : 24 * 3_600_000;
}

/** Where links in messages point: `SLUICE_PUBLIC_URL`, or the console on this machine. */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SLUICE_PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || '3000'}`).replace(/\/+$/, '');
}
