import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { rememberLastService } from '@/lib/server/last-service';
import { uuidSchema } from '@/lib/schemas/ids';
import { isOrganizationService } from '@/lib/server/service-membership';

/**
 * Every page of a service checks, before anything is read or sent, that the organization has the
 * service in its URL: an unknown or foreign id is a 404 page naming it, never another service's
 * data. The layout sits outside the streamed group so that answer is a real HTTP 404. The service
 * opened here is the user's default on their next visit.
 */
export default async function ServiceLayout({
  params,
  children,
}: {
  params: Promise<{ serviceId: string }>;
  children: ReactNode;
}) {
  const { serviceId } = await params;
  if (!uuidSchema.safeParse(serviceId).success || (await isOrganizationService(serviceId)) === false) notFound();
  await rememberLastService(serviceId);
  return children;
}
