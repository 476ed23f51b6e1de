/** Name of the encrypted session cookie; shared by the server session code and the sign-in redirect in proxy.ts. */
export const SESSION_COOKIE = 'sluice_session';
