import { spawnSync } from 'node:child_process';

/** The journeys run against the production build (service worker included), built once per run. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // vitest sets NODE_ENV=test, which would make Vite build React's development bundle and
  // leave import.meta.env.PROD false (no service worker): a production build is what ships.
  const result = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error('npm run build:client failed');
}
