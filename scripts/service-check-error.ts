/**
 * A refusal of `npm run users -- role … --service KEY` (the service is not the organization's, or
 * could not be checked), printed as it is; nothing was changed. Apart from the check itself, which
 * loads the console's upstream client only when a command needs it.
 */
export class ServiceCheckError extends Error {}
