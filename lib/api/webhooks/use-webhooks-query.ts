import { useQuery } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
import type { ServiceRef } from '@/lib/observability/surface';
import type { ApiRequestError } from '../client';
import type { QueryOptions } from '../query-options';
import { surfaceListFetch } from '../surface-fetch';
import { webhookKeys } from './keys';

/** A webhook as the open-source surface lists it; its headers and secrets are never returned. */
export interface WebhookRecord {
  id: string;
  name: string;
  service: string;
  url?: string;
  description?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** Every webhook of the open-source surface (all pages). */
export function getWebhooks(service: ServiceRef, signal?: AbortSignal): Promise<WebhookRecord[]> {
  return surfaceListFetch<WebhookRecord>('oss', service, 'webhooks', signal);
}

export function useWebhooksQuery<TData = WebhookRecord[]>(options: QueryOptions<WebhookRecord[], TData> = {}) {
  const service = useConsole();
  return useQuery<WebhookRecord[], ApiRequestError, TData>({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => getWebhooks(service, signal),
    ...options,
  });
}
