/**
 * A benchmark's browser code bundled by esbuild (already installed with tsx) into a local page, so
 * the product's own modules run in Chromium without a server or a bench-only route.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { root } from './servers';

/** `entry` (relative to the project) as one script, and the CSS its modules import. */
export async function bundleForBrowser(entry: string): Promise<{ js: string; css: string }> {
  const result = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@': root },
    loader: { '.module.css': 'local-css', '.css': 'css' },
    outdir: 'out',
    logLevel: 'error',
  });
  return {
    js: result.outputFiles.find((f) => f.path.endsWith('.js'))?.text ?? '',
    css: result.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '',
  };
}

/** A page that runs the bundle (its CSS inline). */
export const pageOf = ({ js, css }: { js: string; css: string }) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><script>${js.replace(/<\/script/g, '<\\/script')}</script></body></html>`;
