import * as z from 'zod/mini';
import { ITERATOR_TYPES, STREAM_AUTH_METHODS, STREAM_TIMESTAMP_BOUNDS, STREAMING_FORMATS, listOr } from './bounds';
import { accessKeySchema, boundedNumber, requiredText } from './common';

const streamBaseShape = {
  format: z.enum(STREAMING_FORMATS, { error: `Format must be ${listOr(STREAMING_FORMATS)}` }),
  iteratorType: z.enum(ITERATOR_TYPES, { error: `Iterator type must be ${listOr(ITERATOR_TYPES)}` }),
  timestamp: z.nullish(boundedNumber(STREAM_TIMESTAMP_BOUNDS)),
  region: requiredText('Region'),
  streamName: requiredText('Stream name'),
  useEnhancedFanOut: z.nullish(z.boolean({ error: 'Enhanced fan-out must be true or false' })),
};

export const streamSourceSchema = z
  .discriminatedUnion(
    'authentication',
    [
      z.object({ ...streamBaseShape, authentication: z.literal('IAM_ROLE'), iamRole: requiredText('IAM role') }),
      z.object({ ...streamBaseShape, authentication: z.literal('IAM_USER'), accessKey: accessKeySchema }),
    ],
    { error: `Authentication must be ${listOr(STREAM_AUTH_METHODS)}` },
  )
  .check(
    z.superRefine((source, ctx) => {
      if (source.iteratorType === 'AT_TIMESTAMP' && (source.timestamp === undefined || source.timestamp === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['timestamp'],
          message: 'Timestamp is required when reading from a timestamp (AT_TIMESTAMP)',
        });
      }
    }),
  );
export type StreamSource = z.infer<typeof streamSourceSchema>;
export type StreamSourceInput = z.input<typeof streamSourceSchema>;
