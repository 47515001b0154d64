// After tsc: the `tillbase` command (dist/server/cli/main.js and everything it imports) as one file,
// dist/server/tillbase.mjs, which `npm start` and the package's bin run. Node loads the ~180 files of
// the build and of express and its dependencies one by one, resolving and reading each: 320-340 ms
// before the server could open its database, against 180-190 ms for the one file (measured on the
// bench machine, Node 20). A till that restarts is selling again that much sooner.
//
// The native addons stay outside (they are loaded from node_modules as before), and `require` is
// given to the CommonJS dependencies bundled into this ES module. The file sits in dist/server like
// the modules it replaces, so what they find from their own place (the renderer in dist/renderer,
// package.json above) they find from it too. The unbundled build stays for the desktop app's main
// process and for the tests and benches that import single modules.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

const SERVER_BUNDLE = 'dist/server/tillbase.mjs';

await build({
  entryPoints: ['dist/server/cli/main.js'],
  outfile: SERVER_BUNDLE,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: ['node20'],
  external: ['better-sqlite3', '@napi-rs/keyring'],
  banner: { js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);" },
  // Not minified: names in a stack trace of the server's log stay readable.
  minify: false,
  sourcemap: false,
  legalComments: 'none',
  logLevel: 'warning',
});
// npm links the `tillbase` bin before the first build exists, so the built entry is made executable here.
chmodSync(SERVER_BUNDLE, 0o755);
