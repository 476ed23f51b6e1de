import { useQuery } from '@tanstack/react-query';
import { useConsole } from '@/lib/console/console-context';
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

export function useWebhooksQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const service = useConsole();
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => surfaceListFetch<WebhookRecord>('oss', service, 'webhooks', signal),
    enabled,
  });
}
