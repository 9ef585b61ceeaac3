// `npm start` (and `npm run demo` with --demo): build what is stale, then serve app + API.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { stale } from './freshness.mjs';

const demo = process.argv.includes('--demo');
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// SKIP_CLIENT_BUILD=1: serve whatever dist/client holds, or the API alone (the process test starts many times).
if (
  process.env.SKIP_CLIENT_BUILD !== '1' &&
  existsSync('src/app') &&
  stale('dist/client/index.html', ['src/app', 'src/shared', 'locales', 'index.html', 'vite.config.ts', 'panda.config.ts', 'public'])
) {
  console.log('Building the client…');
  run('npm', ['run', '--silent', 'build:client']);
}
const entry = demo ? 'dist/server/demo/main.js' : 'dist/server/main.js';
if (stale(entry, ['src/server', 'src/shared'])) run('node', ['scripts/build-server.mjs']);

const server = spawn(process.execPath, ['--enable-source-maps', entry], { stdio: 'inherit' });
// Passed on, each time: the server stops once, then its PostgreSQL, however often it is asked (a signal
// to the whole group reaches it twice). This process stays until the server has stopped.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
