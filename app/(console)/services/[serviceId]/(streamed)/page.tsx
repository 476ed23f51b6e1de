import { redirect } from 'next/navigation';

/** A service's own address opens its pipes. */
export default async function ServicePage({ params }: { params: Promise<{ serviceId: string }> }) {
  const { serviceId } = await params;
  redirect(`/services/${encodeURIComponent(serviceId)}/pipes`);
}
