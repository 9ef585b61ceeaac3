// `npm run bench`: every benchmark in tests/bench, one after the other (they measure side by side inside each run),
// then the three figures of issue 28 side by side, from what this run wrote. `npm run bench -- speed`: only the
// benchmarks those figures come from (and the installed app's signed-in start, which must stay as fast); any other argument picks the files whose name contains it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';

const GROUPS = { speed: ['offline-chromium.bench.ts', 'client.bench.ts', 'shell-start.bench.ts'] };
const only = process.argv[2];
const files = readdirSync('tests/bench')
  .filter((f) => /\.bench\.(ts|mts|mjs)$/.test(f))
  .filter((f) => !only || (GROUPS[only] ? GROUPS[only].includes(f) : f.includes(only)))
  .sort();
const started = Date.now();
let status = 0;
for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync('npx', ['tsx', `tests/bench/${file}`], { stdio: 'inherit' });
  status ||= result.status ?? 1;
}

/** A results file this run wrote (older ones are another run's: not put beside this one's). */
const fresh = (file) => (existsSync(file) && statSync(file).mtimeMs >= started ? JSON.parse(readFileSync(file, 'utf8')) : null);
const sync = fresh('tests/bench/results/offline-chromium.json');
const login = fresh('tests/bench/results/client.json');
const shell = fresh('tests/bench/results/shell-start.json');
if (sync || login) {
  const x = (n) => `${n.toFixed(2)}×`;
  const ms = (n) => `${n.toFixed(n >= 100 ? 0 : 1)} ms`;
  const rows = [
    ['figure (issue 28)', 'this run', 'goal'],
    sync
      ? [
          `initial sync of ${sync.leads} leads ÷ downloading the same pages`,
          `${x(sync.syncRatio)} (${ms(sync.syncMs)} ÷ ${ms(sync.downloadMs)})`,
          '≤ 3×',
        ]
      : ['initial sync ÷ download', 'not run', '≤ 3×'],
    // The floor under that figure, same run: plain IndexedDB puts of the same pages with the users table's indexes.
    ...(sync?.floorIndexedMs
      ? [
          [
            '… plain IndexedDB puts of the same records, with the same indexes / with none, ÷ the download',
            `${x(sync.floorIndexedMs / sync.downloadMs)} / ${x(sync.floorBareMs / sync.downloadMs)} (the sync is ${x(sync.syncMs / sync.floorIndexedMs)} the first)`,
            '',
          ],
        ]
      : []),
    sync
      ? [
          `first page of a filtered, sorted list over ${sync.leads} local leads, p50 / p95`,
          `${ms(sync.pageP50)} / ${ms(sync.pageP95)}`,
          '≤ 10 / ≤ 25 ms',
        ]
      : ['local page p50 / p95', 'not run', '≤ 10 / ≤ 25 ms'],
    login
      ? [
          "login page until its sign-in button shows ÷ a bare page with the app's headers",
          `${x(login.headedRatio)} (${ms(login.appMs)} ÷ ${ms(login.headedMs)})`,
          '≤ 1.3×',
        ]
      : ['login ÷ bare page with the same headers', 'not run', '≤ 1.3×'],
    shell
      ? [
          'installed app, signed in, from its cache: until the shell shows ÷ the same without the prerendered form',
          `${x(shell.ratio)} (${ms(shell.shippedMs)} ÷ ${ms(shell.withoutFormMs)})`,
          'as fast (≈ 1×)',
        ]
      : ['installed app signed in, as shipped ÷ without the prerendered form', 'not run', 'as fast (≈ 1×)'],
  ];
  const width = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  console.log('\n=== issue 28, side by side');
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(width[i])).join('  │  '));
}
process.exit(status);
