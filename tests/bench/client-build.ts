import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The production client build the browser benches load (`BENCH_SKIP_BUILD=1` keeps the one in dist/client); exits on failure. */
export function buildClientForBench(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  const result = spawnSync('npm', ['run', 'build:client'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(1);
}
