// Bundles the till's UI (renderer/main.tsx, Preact) into dist/renderer/app.js and the customer
// display (renderer/display.tsx, /app/display) into dist/renderer/display.js with esbuild, and
// copies its static files next to them. The server serves dist/renderer at /app/ under a CSP of
// `default-src 'self'`, so everything a page loads comes from its own bundle: no CDN, no inline
// script. Type checking is `npm run typecheck` (tsc -p renderer/tsconfig.json); esbuild only strips types.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { extname, join } from 'node:path';

const OUT_DIR = 'dist/renderer';
const STATIC_EXTENSIONS = new Set(['.html', '.css', '.svg', '.png']);

// Scripts of the earlier unbundled renderer (one file per module) must not linger beside the bundle.
rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });

await build({
  entryPoints: [
    { in: 'renderer/main.tsx', out: 'app' },
    { in: 'renderer/display.tsx', out: 'display' },
  ],
  outdir: OUT_DIR,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome120'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  minify: true,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});

for (const name of readdirSync('renderer')) {
  if (STATIC_EXTENSIONS.has(extname(name))) cpSync(join('renderer', name), join(OUT_DIR, name));
}
