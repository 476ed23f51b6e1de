'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatDate } from '@/components/format/time';
import { useNow } from '@/components/format/use-now';
import { expiresInLabel, expiryStatus } from '@/components/keys/key-expiry';
import { formatPerSecond, pipeHealth } from '@/components/pipes/metrics/metric-format';
import { pipeStateLabel } from '@/components/pipes/pipe-state';
import { failedPipeIds, FailureReasonText } from '@/components/pipes/diagnosis/failure-reason';
import { PipeStateBadge } from '@/components/pipes/pipe-state-badge';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import { useDashboardsQuery } from '@/lib/api/dashboards/use-dashboards-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { useOrganizationQuery } from '@/lib/api/endpoints/use-organization-query';
import { useServiceQuery } from '@/lib/api/endpoints/use-service-query';
import { useKeysQuery } from '@/lib/api/keys/use-keys-query';
import { useFailureReasonsQuery } from '@/lib/api/diagnosis/use-failure-reasons-query';
import { useServicePipeMetricsQuery } from '@/lib/api/pipe-metrics/use-service-pipe-metrics-query';
import { usePipesQuery } from '@/lib/api/pipes/use-pipes-query';
import { useConsole } from '@/lib/console/console-context';
import styles from './overview.module.css';

const SHOWN = 5;
const KEY_HORIZON_DAYS = 30;
const DAY = 86_400_000;

/** What a card waits for: its upstream, and the upstream budget's own words when the page found it full. */
export interface Waiting {
  upstream: 'the cloud API' | 'the observability API';
  /** Set when the page's own read found no room in the upstream budget: the browser reads when there is. */
  budget?: string;
}

function waitingText({ upstream, budget }: Waiting): string {
  return budget ? `${budget}: waiting for room to read this from ${upstream}.` : `Waiting for ${upstream}…`;
}

/** A card while its reads are on the way: its title, and what it waits for. */
export function SectionPending({ title, waiting }: { title: string; waiting: Waiting }) {
  return (
    <Panel title={title}>
      <div role="status" aria-live="polite">
        <span className={styles.muted}>{waitingText(waiting)}</span>
        <Skeleton height={40} />
      </div>
    </Panel>
  );
}

/** A section's loading and error states, so each card fails on its own. */
function Section({
  title,
  query,
  waiting,
  children,
  more,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown };
  waiting: Waiting;
  children: () => ReactNode;
  more?: ReactNode;
}) {
  return (
    <Panel title={title}>
      {query.isPending ? (
        <div role="status" aria-live="polite">
          <span className={styles.muted}>{waitingText(waiting)}</span>
          <Skeleton height={40} />
        </div>
      ) : query.isError ? (
        <p role="alert" className={styles.muted}>
          Could not load: {describeApiError(query.error)}
        </p>
      ) : (
        children()
      )}
      {more && <div className={styles.more}>{more}</div>}
    </Panel>
  );
}

export function PipesSection({ budget }: { budget?: string }) {
  const { organizationId, serviceId } = useConsole();
  const pipes = usePipesQuery(organizationId, serviceId);
  const reasons = useFailureReasonsQuery(organizationId, serviceId, failedPipeIds(pipes.data ?? []));
  const metrics = useServicePipeMetricsQuery(organizationId, serviceId);
  return (
    <Section
      title="Pipes"
      waiting={{ upstream: 'the cloud API', budget }}
      query={pipes}
      more={<Link href="/pipes">All pipes</Link>}
    >
      {() => {
        const list = pipes.data ?? [];
        if (list.length === 0)
          return (
            <p className={styles.muted}>
              No pipes on this service yet. <Link href="/pipes/new">Create one</Link>.
            </p>
          );
        const byState = new Map<string, number>();
        for (const pipe of list) byState.set(pipe.state, (byState.get(pipe.state) ?? 0) + 1);
        const summaries = metrics.data?.pipes ?? {};
        // Broken pipes first, then the busiest.
        const ranked = [...list].sort((a, b) => {
          const ha = pipeHealth(a.state, summaries[a.id]);
          const hb = pipeHealth(b.state, summaries[b.id]);
          const badness = (h: typeof ha) => (h.failed ? 2 : h.erroring ? 1 : 0);
          return (
            badness(hb) - badness(ha) ||
            (summaries[b.id]?.rates?.rowsPerSecond ?? 0) - (summaries[a.id]?.rates?.rowsPerSecond ?? 0)
          );
        });
        return (
          <>
            <ul className={styles.counts} aria-label="Pipes by state">
              {[...byState].map(([state, count]) => (
                <li key={state}>
                  <Badge>{`${count} ${pipeStateLabel(state)}`}</Badge>
                </li>
              ))}
            </ul>
            <ul className={styles.list} aria-label="Pipes with their rates">
              {ranked.slice(0, SHOWN).map((pipe) => {
                const summary = summaries[pipe.id];
                const health = pipeHealth(pipe.state, summary);
                return (
                  <li key={pipe.id} className={styles.row}>
                    <span className={styles.rowMain}>
                      <Link href={`/pipes/${encodeURIComponent(pipe.id)}`}>{pipe.name}</Link>
                      <PipeStateBadge state={pipe.state} />
                      {health.erroring && <Badge tone="danger">Errors</Badge>}
                      <FailureReasonText reason={reasons.data?.[pipe.id]} />
                    </span>
                    <span className={styles.rate}>
                      {summary?.rates ? formatPerSecond(summary.rates.rowsPerSecond, 'rows') : '—'}
                    </span>
                  </li>
                );
              })}
            </ul>
          </>
        );
      }}
    </Section>
  );
}

export function KeysSection({ budget }: { budget?: string }) {
  const { organizationId } = useConsole();
  const keys = useKeysQuery(organizationId);
  const now = useNow();
  return (
    <Section
      title="API keys expiring soon"
      waiting={{ upstream: 'the cloud API', budget }}
      query={keys}
      more={<Link href="/keys">All API keys</Link>}
    >
      {() => {
        const soon = (keys.data ?? [])
          .filter((key) => key.state === 'enabled')
          .map((key) => ({ key, status: expiryStatus(key.expireAt, now) }))
          .filter(
            ({ status }) =>
              status.kind === 'soon' || (status.kind === 'later' && status.at - now <= KEY_HORIZON_DAYS * DAY),
          )
          .sort((a, b) => ('at' in a.status ? a.status.at : 0) - ('at' in b.status ? b.status.at : 0));
        if (soon.length === 0)
          return <p className={styles.muted}>No enabled key expires in the next {KEY_HORIZON_DAYS} days.</p>;
        return (
          <ul className={styles.list}>
            {soon.map(({ key, status }) => (
              <li key={key.id} className={styles.row}>
                <span>{key.name}</span>
                <span className={styles.rate}>
                  {status.kind === 'soon' ? (
                    <Badge tone="warning">{expiresInLabel(status.days)}</Badge>
                  ) : 'at' in status ? (
                    `Expires ${formatDate(status.at)}`
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        );
      }}
    </Section>
  );
}

export function EndpointsSection({ budget }: { budget?: string }) {
  const { organizationId, serviceId } = useConsole();
  const organization = useOrganizationQuery(organizationId);
  const service = useServiceQuery(organizationId, serviceId);
  const query = {
    isPending: organization.isPending || service.isPending,
    isError: organization.isError || service.isError,
    error: organization.error ?? service.error,
  };
  return (
    <Section
      title="Private endpoints"
      waiting={{ upstream: 'the cloud API', budget }}
      query={query}
      more={<Link href="/endpoints">Private endpoints</Link>}
    >
      {() => {
        const attached = new Set(service.data?.privateEndpointIds ?? []);
        const endpoints = organization.data?.privateEndpoints ?? [];
        return (
          <p>
            {attached.size} of the organization&apos;s {endpoints.length}{' '}
            {endpoints.length === 1 ? 'endpoint is' : 'endpoints are'} attached to this service.
          </p>
        );
      }}
    </Section>
  );
}

export function DashboardsSection({ budget }: { budget?: string }) {
  const target = useSurfaceTarget('oss');
  const dashboards = useDashboardsQuery(target);
  return (
    <Section
      title="Dashboards"
      waiting={{ upstream: 'the observability API', budget }}
      query={dashboards}
      more={<Link href="/dashboards">All dashboards</Link>}
    >
      {() => {
        const list = dashboards.data ?? [];
        if (list.length === 0) return <p className={styles.muted}>No dashboards yet.</p>;
        return (
          <ul className={styles.list}>
            {list.slice(0, SHOWN).map((dashboard) => (
              <li key={dashboard.id} className={styles.row}>
                <Link href={`/dashboards/${encodeURIComponent(dashboard.id)}`}>{dashboard.name}</Link>
                <span className={styles.muted}>{dashboard.tiles.length} tiles</span>
              </li>
            ))}
          </ul>
        );
      }}
    </Section>
  );
}

/** The landing page's title, naming the organization and service once they are read. */
export function OverviewHeader() {
  const { organizationId, serviceId } = useConsole();
  const organization = useOrganizationQuery(organizationId);
  const service = useServiceQuery(organizationId, serviceId);
  const where =
    organization.data && service.data
      ? `${organization.data.name} · ${service.data.name} (${service.data.provider} ${service.data.region}, ${service.data.state})`
      : undefined;
  return <PageHeader title="Overview" description={where ?? 'The organization and service this console manages.'} />;
}

/** The landing page's cards, each streamed in by the page as its own reads answer. */
export function OverviewGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}
