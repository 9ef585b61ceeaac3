// `npm test`: every suite (unit, api, offline, and the browser journeys when Chromium is here),
// then one closing line `N passed, N failed` (and `, N skipped`).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium.mjs';

const config = readFileSync('vitest.config.ts', 'utf8');
const projects = ['unit', 'api', 'offline', 'e2e'].filter((name) => config.includes(`name: '${name}'`));
const browser = chromiumPath();
const skipBrowser = !browser && projects.includes('e2e') && !process.argv.includes('--project');
const extra = process.argv.slice(2);
// `node scripts/test.mjs --project api` runs that suite alone (CI's PostgreSQL pass).
const selected = extra.includes('--project') ? [] : projects.filter((name) => name !== 'e2e' || browser);

const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'bd-vitest-')), 'report.json');
const args = [
  'vitest',
  'run',
  '--passWithNoTests',
  ...selected.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
];
const result = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, ...(browser ? { CHROMIUM_PATH: browser } : {}) } });

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests;
  failed = json.numFailedTests + (json.numFailedTestSuites && !json.numFailedTests ? json.numFailedTestSuites : 0);
  skipped = json.numPendingTests + json.numTodoTests;
} else {
  failed = 1;
}
// A run that failed outside every test (the global setup: the test database would not start; an
// unhandled error) is not "0 failed".
if (result.status !== 0 && failed === 0) {
  failed = 1;
  console.log('\n!!! vitest failed outside the tests (the error is above): counted as 1 failed !!!\n');
}
if (skipBrowser) {
  console.log('\n!!! Browser journeys SKIPPED: no Chromium at /usr/bin/chromium or CHROMIUM_PATH (apt-get install -y chromium) !!!\n');
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);
