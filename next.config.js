import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.dirname(fileURLToPath(import.meta.url));

const securityHeaders = [
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Content-Security-Policy', value: "frame-ancestors 'none'; object-src 'none'; base-uri 'self'" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Keep Next from looking above the project for a lockfile or workspace root.
  turbopack: { root },
  outputFileTracingRoot: root,
  // The standalone server has no use for sharp (no next/image here): ~20 MB less in the image.
  // (What the instrumentation hook's trace over-collects is pruned by scripts/build-standalone.ts.)
  outputFileTracingExcludes: { '*': ['node_modules/sharp/**', 'node_modules/@img/**'] },
  // The emulator and scripts are Node programs, not part of the Next app.
  // `npm test` type-checks the whole tree before anything else and then says so
  // (SLUICE_BUILD_TYPECHECKED=1), so the build its browser suite makes skips a second pass (~40 s here).
  typescript: { tsconfigPath: 'tsconfig.json', ignoreBuildErrors: process.env.SLUICE_BUILD_TYPECHECKED === '1' },
  // PGlite loads its WebAssembly and data files from its own folder at run time: keep it out of the bundle.
  // prom-client too: the instrumentation hook's background work (the pipe scrape, the notification
  // engine) and the routes must count in the one registry /metrics serves, not each in its own copy.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'prom-client'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

/**
 * The build also writes `.next/standalone/`: the server with only the files it needs, for the
 * container image (scripts/build-standalone.ts puts the console's own server.js in it). Only the
 * build: `npm start` serves from the project folder, where Next would warn about the setting.
 */
export default function config(phase) {
  return phase === 'phase-production-build' ? { ...nextConfig, output: 'standalone' } : nextConfig;
}
