/** Why a single sign-on attempt came back to the sign-in page (`/login?sso_error=…`). */
export const SSO_ERRORS = {
  unavailable: 'could not be reached. Sign in with a console password, or try again later.',
  expired: 'took too long, or was started in another browser window. Start again.',
  state:
    'came back with an answer that does not belong to the sign-in this browser started, so it was refused. Start again.',
  code: 'refused the sign-in code: it expired or was already used. Start again.',
  denied: 'did not sign you in.',
  failed: 'failed; the console log has the details.',
} as const;

export type SsoErrorCode = keyof typeof SSO_ERRORS;

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && Object.hasOwn(SSO_ERRORS, value);
}

/** "Signing in with Acme SSO took too long, …" */
export function ssoErrorMessage(code: SsoErrorCode, providerName: string): string {
  return `Signing in with ${providerName} ${SSO_ERRORS[code]}`;
}
