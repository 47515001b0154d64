// After tsc: copies the renderer's static files (HTML, CSS) next to its compiled scripts in dist/renderer.
import { chmodSync, cpSync, mkdirSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

const assetExtensions = new Set(['.html', '.css', '.svg', '.png']);
mkdirSync('dist/renderer', { recursive: true });
for (const name of readdirSync('renderer')) {
  if (assetExtensions.has(extname(name))) cpSync(join('renderer', name), join('dist/renderer', name));
}

// npm links the `tillbase` bin before the first build exists, so the built entry is made executable here.
chmodSync('dist/server/cli/main.js', 0o755);
