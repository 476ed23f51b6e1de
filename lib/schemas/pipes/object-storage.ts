import * as z from 'zod/mini';
import {
  BLOB_CONTAINER_TYPE,
  COMPRESSIONS,
  CSV_FORMATS,
  OBJECT_STORAGE_FORMATS,
  OBJECT_STORAGE_TYPES,
  listOr,
} from './bounds';
import { accessKeySchema, notApplicable, optionalText, requiredText } from './common';

const commonShape = {
  format: z.enum(OBJECT_STORAGE_FORMATS, { error: `Format must be ${listOr(OBJECT_STORAGE_FORMATS)}` }),
  compression: z.nullish(z.enum(COMPRESSIONS, { error: `Compression must be ${listOr(COMPRESSIONS)}` })),
  delimiter: optionalText(),
  isContinuous: z.nullish(z.boolean({ error: 'Continuous ingestion must be true or false' })),
  queueUrl: optionalText(),
};

const urlTypes = OBJECT_STORAGE_TYPES.filter((t) => t !== BLOB_CONTAINER_TYPE) as [
  'objstore_1',
  'objstore_2',
  'objstore_3',
];

export const objectStorageSourceSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        ...commonShape,
        type: z.enum(urlTypes),
        url: requiredText('URL'),
        authentication: z.nullish(
          z.enum(['IAM_ROLE', 'IAM_USER'], {
            error:
              'Amazon S3, Google Cloud Storage and DigitalOcean Spaces authenticate with IAM_ROLE, IAM_USER or none (public)',
          }),
        ),
        iamRole: optionalText(),
        accessKey: z.nullish(accessKeySchema),
      }),
      z.object({
        ...commonShape,
        type: z.literal(BLOB_CONTAINER_TYPE),
        url: notApplicable('Azure Blob Storage uses the connection string, container name and path instead of a URL'),
        authentication: z.nullish(
          z.literal('CONNECTION_STRING', {
            error: 'Azure Blob Storage authenticates with CONNECTION_STRING or none (public)',
          }),
        ),
        connectionString: requiredText('Connection string'),
        blobContainerName: requiredText('Container name'),
        path: requiredText('Path'),
      }),
    ],
    { error: `Type must be ${listOr(OBJECT_STORAGE_TYPES)}` },
  )
  .check(
    z.superRefine((source, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (source.type !== BLOB_CONTAINER_TYPE) {
        if (source.authentication === 'IAM_ROLE' && !source.iamRole)
          issue('iamRole', 'IAM role is required for IAM_ROLE authentication');
        if (source.authentication === 'IAM_USER' && !source.accessKey)
          issue('accessKey', 'Access key is required for IAM_USER authentication');
      }
      if (source.delimiter && !(CSV_FORMATS as readonly string[]).includes(source.format)) {
        issue('delimiter', 'A delimiter applies only to the CSV and CSVWithNames formats');
      }
      if (source.queueUrl) {
        if (source.isContinuous !== true) issue('queueUrl', 'A queue URL needs continuous ingestion (isContinuous)');
        // A blob container always carries its connection string, so it is never public.
        else if (!source.authentication && source.type !== BLOB_CONTAINER_TYPE) {
          issue('queueUrl', 'A queue URL needs authentication; a public bucket cannot use one');
        }
      }
    }),
  );
export type ObjectStorageSource = z.infer<typeof objectStorageSourceSchema>;
export type ObjectStorageSourceInput = z.input<typeof objectStorageSourceSchema>;
