export type AuthorizationKind = 'basic' | 'bearer' | 'none' | 'other';

export interface RequestLogEntry {
  surface: 'cloud' | 'observability';
  method: string;
  path: string;
  /** `null` while no response has been sent (e.g. a hanging fault). */
  status: number | null;
  at: string;
  /** Only the scheme: the credential itself is never recorded. */
  authorization: AuthorizationKind;
}

export const REQUEST_LOG_CAPACITY = 1000;

export function authorizationKind(header: string | undefined): AuthorizationKind {
  if (!header) return 'none';
  const scheme = header.trim().split(/\s+/, 1)[0]!.toLowerCase();
  if (scheme === 'basic') return 'basic';
  if (scheme === 'bearer') return 'bearer';
  return 'other';
}

export class RequestLog {
  private entries: RequestLogEntry[] = [];

  record(entry: RequestLogEntry): RequestLogEntry {
    this.entries.push(entry);
    if (this.entries.length > REQUEST_LOG_CAPACITY) this.entries.splice(0, this.entries.length - REQUEST_LOG_CAPACITY);
    return entry;
  }

  list(): RequestLogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
