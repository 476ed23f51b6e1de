/**
 * Next calls `register` once when the server starts. The console opens its database then, so the
 * embedded one is ready (and lent to `npm run users` over its socket) before the first request,
 * and a database that cannot be opened stops the server instead of failing request by request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { openDatabaseAtBoot } = await import('./lib/server/db/boot');
  await openDatabaseAtBoot();
  const { warmContractChecks } = await import('./lib/server/upstream/contract-check');
  // Soon after start, not in the way of it: the first reads then pay nothing for their checks.
  setTimeout(warmContractChecks, 1_000).unref();
  // Pipe charts reach back as far as the console has been scraping, so it starts at once.
  const { startPipeMetricsSampling } = await import('./lib/server/pipe-metrics/service');
  startPipeMetricsSampling();
  // Rules are judged on each scrape, and the outbox sends what they queue.
  const { startNotifications } = await import('./lib/server/notifications/service');
  startNotifications();
}
