import type { ContractMismatch } from './contract-check';

/** An upstream's successful answer, as the upstream client hands it on. */
export interface UpstreamResult {
  status: number;
  /**
   * The body as received, or as re-serialised in the console's names where the upstream's names
   * differ (lib/server/upstream/wire.ts); reused when nothing had to be removed from it.
   */
  text: string;
  /** The parsed body; `null` for an empty one. */
  data: unknown;
  /** Set when the answer does not match the published contract (already logged). */
  contract?: ContractMismatch;
}
