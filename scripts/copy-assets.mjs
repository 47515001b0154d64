// After tsc: the renderer's bundle and static files are written by scripts/build-renderer.mjs.
import { chmodSync } from 'node:fs';

// npm links the `tillbase` bin before the first build exists, so the built entry is made executable here.
chmodSync('dist/server/cli/main.js', 0o755);
