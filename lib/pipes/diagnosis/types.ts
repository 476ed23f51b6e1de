/**
 * What the console reads from a pipe's service to explain it (the service's own tables, through its
 * query endpoint), as the BFF hands it to the pipe page. Shared by the server and the browser.
 */

/** The three sections of a pipe's page that read the service's tables. */
export const DIAGNOSIS_SECTIONS = ['log', 'errors', 'rows'] as const;
export type DiagnosisSection = (typeof DIAGNOSIS_SECTIONS)[number];

export interface TableColumn {
  name: string;
  type: string;
}

/** A value longer than this is cut on the page; "Open" shows it whole. */
export const SHOWN_VALUE_CHARS = 240;
/** Rows per page of the record errors. */
export const ERROR_ROWS_PER_PAGE = 50;
/** Newest rows shown of the destination table and of the pipe's log. */
export const NEWEST_ROWS = 20;

export type TableRow = Record<string, unknown>;

/** The service could not run the query now, or the console may not ask it: what the page says instead. */
export type SectionUnavailable =
  /** Idle services wake (and are billed) only when a person asks. */
  | { state: 'idle' }
  | { state: 'stopped' }
  /** The console's key is not allowed on the service's query endpoint (or lost its role). */
  | { state: 'no-access'; detail?: string }
  /** Database pipes keep their logs elsewhere. */
  | { state: 'not-applicable'; reason: string }
  /** The table this section reads is not there (dropped, or not created yet). */
  | { state: 'missing-table'; table: string };

export interface SectionRows {
  state: 'ok';
  /** The statement that produced the rows, for "Copy the SQL". */
  sql: string;
  /** The table the section read, as `database.table`. */
  table: string;
  columns: TableColumn[];
  rows: TableRow[];
  /** `rows`: the destination's row count; `errors`: the page shown (0-based). */
  total?: number;
  page?: number;
  /** True when a further page may exist. */
  more?: boolean;
  /** The column the newest-first order follows, when the table has one. */
  orderedBy?: string;
}

export type SectionResult = SectionRows | SectionUnavailable;

/** Whether the service's query endpoint lets the console's key read, and what enabling it would change. */
export interface DiagnosisAccess {
  enabled: boolean;
  /** The record id (UUID) of the console's own API key: what the endpoint's `openApiKeys` lists. */
  keyId: string;
  /** The endpoint as it is now; null when the service has none. */
  current: { roles: string[]; openApiKeys: string[]; allowedOrigins: string } | null;
  /** What "Read this service's logs and tables" would set (the current one merged with the console's key, read-only). */
  proposed: { roles: string[]; openApiKeys: string[]; allowedOrigins: string };
}

/** The newest reason of each failed pipe, for lists. */
export interface FailureReason {
  message: string;
  at?: string;
  level?: string;
}
