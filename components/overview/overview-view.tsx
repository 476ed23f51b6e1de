'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { formatDate } from '@/components/format/time';
import { useNow } from '@/components/format/use-now';
import { useReaderZone } from '@/components/format/use-reader-zone';
import { expiresInLabel, expiryStatus } from '@/components/keys/key-expiry';
import { failedPipeIds, FailureReasonText } from '@/components/pipes/diagnosis/failure-reason';
import { PipeStateBadge } from '@/components/pipes/pipe-state-badge';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Skeleton } from '@/components/ui/skeleton';
import { describeApiError } from '@/lib/api/error-message';
import { useDashboardsQuery } from '@/lib/api/dashboards/use-dashboards-query';
import { useSurfaceTarget } from '@/lib/api/dashboards/use-surface-target';
import { useKeysQuery } from '@/lib/api/keys/use-keys-query';
import { useFailureReasonsQuery } from '@/lib/api/diagnosis/use-failure-reasons-query';
import { usePipesQuery } from '@/lib/api/pipes/use-pipes-query';
import {
  useOrganizationPipeStatesQuery,
  type ServicePipes,
} from '@/lib/api/services/use-organization-pipe-states-query';
import { useConsole } from '@/lib/console/console-context';
import { servicePage } from '@/lib/console/service-paths';
import { ServicesTable } from '@/components/services/services-table';
import { OVERVIEW_HEADING } from '@/components/shell/page-headings';
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

/**
 * A card while its reads are on the way: its title, what it waits for, and its closing line where
 * that does not depend on the reads (the services' note: on a wide screen the page's largest text,
 * so it is in the first paint rather than in the card streamed in after it).
 */
export function SectionPending({ title, waiting, more }: { title: string; waiting: Waiting; more?: ReactNode }) {
  return (
    <Panel title={title}>
      <div role="status" aria-live="polite">
        <span className={styles.muted}>{waitingText(waiting)}</span>
        <Skeleton height={40} />
      </div>
      {more && <div className={styles.more}>{more}</div>}
    </Panel>
  );
}

/** What the services card's pipe states are: shown from the card's loading state on, in the same words. */
export function ServicesNote() {
  return (
    <span className={styles.muted}>
      Pipe states as the newest metrics scrape saw them; a service&apos;s Pipes page shows them live.
    </span>
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

/**
 * One service's failed pipes, with the reason each failed, linked to their pages under the service.
 * Their names come with the metrics (`clickpipe_name`); only where a name is missing is the
 * service's pipes list read, and only for a service with a failed pipe.
 */
function FailedPipesOf({ entry }: { entry: ServicePipes }) {
  const { organizationId } = useConsole();
  const failed = (entry.pipes ?? []).filter((pipe) => pipe.state === 'Failed');
  const reasons = useFailureReasonsQuery(organizationId, entry.service.id, failedPipeIds(failed));
  const names = usePipesQuery(organizationId, entry.service.id, {
    enabled: failed.some((pipe) => !pipe.name),
    select: (list) => new Map(list.map((pipe) => [pipe.id, pipe.name])),
  });
  return failed.map((pipe) => (
    <li key={pipe.id} className={styles.row}>
      <span className={styles.rowMain}>
        <Link href={servicePage(entry.service.id, 'pipes', pipe.id)} prefetch={false}>
          {pipe.name ?? names.data?.get(pipe.id) ?? pipe.id}
        </Link>
        <PipeStateBadge state="Failed" />
        <FailureReasonText reason={reasons.data?.[pipe.id]} />
      </span>
      <span className={styles.muted}>{entry.service.name}</span>
    </li>
  ));
}

/** Pipes that failed, in every service, first on the page: they are what someone opens the console for. */
export function FailingPipesSection({ budget }: { budget?: string }) {
  const { organizationId } = useConsole();
  const { services, perService } = useOrganizationPipeStatesQuery(organizationId);
  const query = {
    isPending: services.isPending || perService.some((entry) => entry.isPending),
    isError: services.isError,
    error: services.error,
  };
  return (
    <Section title="Failing pipes" waiting={{ upstream: 'the cloud API', budget }} query={query}>
      {() => {
        const failing = perService.filter((entry) => entry.pipes?.some((pipe) => pipe.state === 'Failed'));
        const unread = perService.filter((entry) => entry.error);
        return (
          <>
            {failing.length === 0 ? (
              <p className={styles.muted}>No pipe has failed in any service.</p>
            ) : (
              <ul className={styles.list} aria-label="Failed pipes">
                {failing.map((entry) => (
                  <FailedPipesOf key={entry.service.id} entry={entry} />
                ))}
              </ul>
            )}
            {unread.length > 0 && (
              <p role="alert" className={styles.muted}>
                Could not read the pipes of {unread.map((entry) => entry.service.name).join(', ')}:{' '}
                {describeApiError(unread[0]?.error)}
              </p>
            )}
          </>
        );
      }}
    </Section>
  );
}

/** Every service of the organization: its state, where it runs and its pipes by state, in the console's table. */
export function ServicesSection({ budget }: { budget?: string }) {
  const { organizationId } = useConsole();
  const { services, perService } = useOrganizationPipeStatesQuery(organizationId);
  return (
    <Section
      title="Services"
      waiting={{ upstream: 'the cloud API', budget }}
      query={services}
      more={(services.isPending || perService.length > 0) && <ServicesNote />}
    >
      {() => <ServicesTable entries={perService} />}
    </Section>
  );
}

export function KeysSection({ budget }: { budget?: string }) {
  const { organizationId } = useConsole();
  const keys = useKeysQuery(organizationId);
  const now = useNow();
  const zone = useReaderZone();
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
                    `Expires ${formatDate(status.at, zone)}`
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

/** The landing page's title, the same words as its loading state (see page-headings). */
export function OverviewHeader() {
  return <PageHeader title={OVERVIEW_HEADING.title} description={OVERVIEW_HEADING.description} />;
}

/** The landing page's cards, each streamed in by the page as its own reads answer. */
export function OverviewGrid({ children }: { children: ReactNode }) {
  return <div className={styles.grid}>{children}</div>;
}

/** A card as wide as the grid (a table's columns need the room). */
export function OverviewWide({ children }: { children: ReactNode }) {
  return <div className={styles.wide}>{children}</div>;
}
