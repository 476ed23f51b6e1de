/** Shapes the BFF and the browser share on the wire, declared once for both. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The cloud surface's success envelope, passed through by the BFF. */
export interface CloudEnvelope<T> {
  status: number;
  requestId: string;
  result: T;
}
