import 'server-only';
import pino from 'pino';
import { envValue } from './env-schema';

const SECRET_KEYS = [
  'password',
  'passwordHash',
  'secret',
  'secretKey',
  'keySecret',
  'clientSecret',
  'credentials',
  'connectionString',
  'privateKey',
  'accessKey',
  'serviceAccountKey',
  'apiKey',
  'token',
  'authorization',
  'cookie',
  'sessionSecret',
];

// pino's redact paths are literal; cover the places a secret can sit in our log records.
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

function defaultLevel(): string {
  return envValue('LOG_LEVEL') ?? (envValue('VITEST') ? 'silent' : 'info');
}

export const log = pino({
  name: 'sluice',
  level: defaultLevel(),
  base: { service: 'sluice' },
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers: { err: pino.stdSerializers.err },
});
