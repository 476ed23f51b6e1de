import { SURFACE_LABELS, type Surface } from '@/lib/observability/surface';

/**
 * The title and description at the top of the console's streamed pages, shown alike by each page
 * and by its loading state (./route-skeleton). The loading state is sent with the first paint; the
 * page replaces it when its server reads are done, which React reveals no sooner than 300 ms after
 * that paint. With the same words at the same size in both, what a person reads first (and the
 * page's largest text, its LCP) is on screen at once, not after the page's JavaScript has started.
 */
export interface PageHeading {
  title: string;
  description: string;
}

// The organization is named by the shell: a name or a count read later would change this text after
// the first paint, and the description, the page's largest text on a phone, would be its LCP then.
export const OVERVIEW_HEADING: PageHeading = {
  title: 'Overview',
  description: 'Every service of the organization this console manages: what is failing, what expires soon, what runs.',
};

export const SERVICES_HEADING: PageHeading = {
  title: 'Services',
  description: 'Every service of this organization: its state, where it runs and its pipes by state.',
};

export const PIPES_HEADING: PageHeading = {
  title: 'Pipes',
  // The service is named by the switcher above: a name read later would change this text after the first paint.
  description:
    'Pipes load data from Kafka brokers, Amazon Kinesis, object storage and Postgres into tables of this service.',
};

export const KEYS_HEADING: PageHeading = {
  title: 'API keys',
  description: 'Keys authenticate scripts and tools against the cloud API of this organization.',
};

export const ENDPOINTS_HEADING: PageHeading = {
  title: 'Private endpoints',
  description: 'Private connections from your cloud network to this service.',
};

export const SCALING_HEADING: PageHeading = {
  title: 'Database pipe scaling',
  description: 'CPU and memory shared by the database pipes of this service.',
};

export const ALERTS_HEADING: PageHeading = {
  title: 'Alerts',
  description:
    'Alerts check a dashboard tile at an interval and notify a webhook when its value crosses the threshold.',
};

export const SOURCES_HEADING: PageHeading = {
  title: 'Sources & webhooks',
  description: 'Where charts read their data, and where alerts send notifications. Read-only here.',
};

export const AUDIT_HEADING: PageHeading = {
  title: 'Audit log',
  description:
    'Every change made through Sluice, every sign-in and every failed attempt: who, when, what, and how it ended.',
};

export const USERS_HEADING: PageHeading = {
  title: 'Users',
  description:
    'Who can sign in to this console, and what each person may do. Role changes count from the person’s next click, open sessions included. Single sign-on users get their role from the identity provider again at each sign-in.',
};

export function dashboardsHeading(surface: Surface): PageHeading {
  return {
    title: 'Dashboards',
    description: `Dashboards of the ${SURFACE_LABELS[surface].toLocaleLowerCase()} observability surface.`,
  };
}

/** The heading of the page at `page` (a path with any service prefix removed), when known before its data. */
export function headingOfPage(page: string): PageHeading | undefined {
  switch (page) {
    case '/':
      return OVERVIEW_HEADING;
    case '/services':
      return SERVICES_HEADING;
    case '/pipes':
      return PIPES_HEADING;
    case '/keys':
      return KEYS_HEADING;
    case '/scaling':
      return SCALING_HEADING;
    case '/dashboards':
      return dashboardsHeading('oss');
    case '/managed/dashboards':
      return dashboardsHeading('managed');
    case '/alerts':
    case '/managed/alerts':
      return ALERTS_HEADING;
    case '/sources':
    case '/managed/sources':
    case '/webhooks':
      return SOURCES_HEADING;
    case '/audit':
      return AUDIT_HEADING;
    case '/users':
      return USERS_HEADING;
    default:
      return undefined;
  }
}
