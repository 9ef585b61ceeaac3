import { spawnSync } from 'node:child_process';

/** The journeys run against the production build (service worker included), built once per run. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build:client'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:client failed');
}
