/**
 * The review step's views of the request as it crosses the wire, in the cloud API's own names:
 * secrets masked in the JSON, placeholders in the curl command.
 */
import { wirePath, wirePipeBody } from '@/lib/contract/names';
import { SECRET_KEYS } from './wizard-draft';

export const MASK = '••••••••';

function replaceSecrets(body: unknown, replace: (key: string) => string): unknown {
  if (Array.isArray(body)) return body.map((item) => replaceSecrets(item, replace));
  if (body === null || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      SECRET_KEYS.has(key) && typeof value === 'string' ? replace(key) : replaceSecrets(value, replace),
    ]),
  );
}

export const maskSecrets = (body: unknown) => replaceSecrets(body, () => MASK);

/** The creation's body as the cloud API receives it (the console's names put into the API's). */
export const requestOnTheWire = wirePipeBody;

const placeholder = (key: string) => `<${key.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase()}>`;

/**
 * The same creation as a `curl` call against the cloud API. The key and secret come from the
 * shell's environment and every credential in the body is a placeholder to fill in.
 */
export function curlCommand(body: unknown, organizationId: string, serviceId: string): string {
  const json = JSON.stringify(replaceSecrets(requestOnTheWire(body), placeholder), null, 2);
  return [
    `curl --fail-with-body -X POST \\`,
    `  -u "$CLOUD_API_KEY_ID:$CLOUD_API_KEY_SECRET" \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  "$CLOUD_API_URL${wirePath(`/v1/organizations/${organizationId}/services/${serviceId}/datapipes`)}" \\`,
    `  --data-binary @- <<'JSON'`,
    json,
    'JSON',
  ].join('\n');
}
