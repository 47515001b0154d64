// `npm run package`: builds, then packages the desktop app with electron-builder, which rebuilds
// better-sqlite3 against Electron's Node ABI (`npmRebuild: true` in electron-builder.yml). That
// rebuild happens in this project's node_modules, so afterwards better-sqlite3 is rebuilt for
// plain Node again: `npm start` and `npm test` keep working on the machine that packaged.
// electron-builder is not a dependency of the project (it downloads Electron and its tools, which
// the till's offline installs must not need): install it where packaging happens, e.g.
// `npm install --no-save electron-builder`, together with an Electron binary.
import { spawnSync } from 'node:child_process';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  return result.status ?? 1;
}

let status = run('npm', ['run', 'build']);
if (status === 0) status = run('npx', ['--no-install', 'electron-builder', '--config', 'electron-builder.yml', ...process.argv.slice(2)]);
const restored = run('npm', ['rebuild', 'better-sqlite3']);
process.exit(status !== 0 ? status : restored);
