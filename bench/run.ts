/** `npm run bench`: every benchmark, one table. Figures are medians of interleaved rounds. */
import os from 'node:os';
import { auditOverGoal, auditRows, runAuditBench } from './audit';
import { bundleRows, runBundleBench } from './bundle';
import { chartsOverTarget, chartsRows, runChartsBench } from './charts';
import { dashboardOverGoal, dashboardRows, runDashboardBench } from './dashboard';
import { dragRows, runDragBench } from './drag';
import { historyOverGoal, historyRows, runHistoryBench } from './history';
import { faultRows, faultsOverGoal, runFaultBench } from './faults';
import { runSoakBench, soakRows } from './soak';
import { inferOverGoal, inferRows, runInferBench } from './infer';
import { notificationsOverGoal, notificationsRows, runNotificationsBench } from './notifications';
import {
  organizationOverviewOverGoal,
  organizationOverviewRows,
  runOrganizationOverviewBench,
} from './organization-overview';
import { failoverOverGoal, failoverRows, runFailoverBench } from './notifications-failover';
import { lighthousePagesRows, lighthousePagesUnderGoal, runLighthousePagesBench } from './lighthouse-pages';
import { pipeDiagnosisOverGoal, pipeDiagnosisRows, runPipeDiagnosisBench } from './pipe-diagnosis';
import { pipePageRows, pipePageUnderGoal, runPipePageBench } from './pipe-page';
import { pipeHistoryRows, runPipeHistoryBench } from './pipe-history';
import { pipeMetricsOverGoal, pipeMetricsRows, runPipeMetricsBench } from './pipe-metrics';
import { proxyRows, runProxyBench } from './proxy';
import { runTeamBench, teamOverGoal, teamRows } from './team';
import { runWizardBench, wizardRows } from './wizard';

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  │  '));
}

async function main(): Promise<void> {
  const bundle = await runBundleBench();
  const proxy = await runProxyBench();
  const charts = await runChartsBench();
  const drag = await runDragBench();
  const dashboard = await runDashboardBench();
  const wizard = await runWizardBench();
  const audit = await runAuditBench();
  const history = await runHistoryBench();
  const team = await runTeamBench();
  const faults = await runFaultBench();
  const soak = await runSoakBench();
  const pipeMetrics = await runPipeMetricsBench();
  const pipeHistory = await runPipeHistoryBench();
  const infer = await runInferBench();
  const pipePage = await runPipePageBench();
  const pipeDiagnosis = await runPipeDiagnosisBench();
  const notifications = await runNotificationsBench();
  const notificationsFailover = await runFailoverBench();
  const lighthousePages = await runLighthousePagesBench();
  const organizationOverview = await runOrganizationOverviewBench();
  console.log(`
Sluice benchmarks — ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}
`);
  printTable([
    ['benchmark', 'p50 / size', 'p99 / files', 'throughput / budget', 'note'],
    ...proxyRows(proxy),
    ...wizardRows(wizard),
    ...chartsRows(charts),
    ...dragRows(drag),
    ...dashboardRows(dashboard),
    ...bundleRows(bundle),
    ...auditRows(audit),
    ...historyRows(history),
    ...teamRows(team),
    ...faultRows(faults),
    ...soakRows(soak),
    ...pipeMetricsRows(pipeMetrics),
    ...pipeHistoryRows(pipeHistory),
    ...inferRows(infer),
    ...pipePageRows(pipePage),
    ...pipeDiagnosisRows(pipeDiagnosis),
    ...notificationsRows(notifications),
    ...failoverRows(notificationsFailover),
    ...lighthousePagesRows(lighthousePages),
    ...organizationOverviewRows(organizationOverview),
  ]);
  if (
    bundle.some((route) => route.overBudget) ||
    chartsOverTarget(charts) ||
    dashboardOverGoal(dashboard) ||
    auditOverGoal(audit) ||
    historyOverGoal(history) ||
    teamOverGoal(team) ||
    faultsOverGoal(faults) ||
    pipeMetricsOverGoal(pipeMetrics) ||
    inferOverGoal(infer) ||
    pipePageUnderGoal(pipePage) ||
    pipeDiagnosisOverGoal(pipeDiagnosis) ||
    notificationsOverGoal(notifications) ||
    failoverOverGoal(notificationsFailover) ||
    lighthousePagesUnderGoal(lighthousePages) ||
    organizationOverviewOverGoal(organizationOverview)
  )
    process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
