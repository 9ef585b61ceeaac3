// `npm run bench`: every benchmark in tests/bench, one after the other (they measure side by side inside each run).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const only = process.argv[2];
const files = readdirSync('tests/bench')
  .filter((f) => /\.bench\.(ts|mts|mjs)$/.test(f))
  .filter((f) => !only || f.includes(only))
  .sort();
let status = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync('npx', ['tsx', `tests/bench/${file}`], { stdio: 'inherit' });
  status ||= result.status ?? 1;
}
process.exit(status);
