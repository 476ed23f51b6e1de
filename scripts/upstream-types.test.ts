import { describe, expect, it } from 'vitest';
import { checkedInTypes, UPSTREAM_TYPE_FILES, upstreamTypes } from './upstream-types';

describe('the checked-in upstream types', () => {
  for (const { document, types } of UPSTREAM_TYPE_FILES) {
    it(`${types} is what npm run types:upstream makes of ${document}`, async () => {
      const generated = await upstreamTypes(document);
      expect(generated).toContain('export interface paths');
      // A plain comparison: a failure here means `npm run types:upstream` was not run after the document changed.
      expect(checkedInTypes(types) === generated, `${types} is stale: run npm run types:upstream`).toBe(true);
    });
  }
});
