// Issue 15: 20 staff members import the largest accepted .xlsx (100,000 leads) at the same moment.
// What bounds the server's memory is the parse pool (src/server/features/import/parse-pool.ts): at
// most PARSE_POOL.concurrency workers parse at once. Side by side in one run, each in a fresh child
// process (RSS rarely shrinks once grown, so one mode must not inherit the other's heap): the pool as
// configured, and the same pool letting all 20 parse at once (what the import did before the pool).
// Each parse's rows are dropped once counted, as the route does after inserting them.
// BENCH_PARALLEL and BENCH_ROWS shrink it. Reports, never fails on a figure.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { mkdirSync, writeFileSync } from 'node:fs';
import { MAX_IMPORT_ROWS } from '../../src/shared/lead-import.ts';
import { createParsePool, PARSE_POOL } from '../../src/server/features/import/parse-pool.ts';
import { leadRows, workbook } from '../fixtures/spreadsheets.ts';
import { mb, ms, peakRss, ratio, timed } from './measure.ts';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? MAX_IMPORT_ROWS);
const HEADERS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'];

type Outcome = { concurrency: number; idle: number; peak: number; took: number; answers: string };

async function measure(concurrency: number): Promise<Outcome> {
  const file = workbook([HEADERS, ...leadRows(ROWS, 'parallel')]);
  // A queue long enough for everyone: this measures memory, not the 429 of a full queue.
  const pool = createParsePool({ concurrency, maxWaiting: PARALLEL });
  global.gc?.();
  const idle = process.memoryUsage().rss;
  const answers = new Map<string, number>();
  const count = (answer: string) => answers.set(answer, (answers.get(answer) ?? 0) + 1);
  const { result: took, peak } = await peakRss(() =>
    timed(() =>
      Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          pool.parse(`user-${i}`, file).then(
            (rows) => count(`${rows.length.toLocaleString('en-US')} rows parsed`),
            (error: { code?: string }) => count(error.code ?? 'error'),
          ),
        ),
      ),
    ),
  );
  return { concurrency, idle, peak, took, answers: [...answers].map(([answer, n]) => `${n}× ${answer}`).join(', ') };
}

const mode = process.argv.find((arg) => arg.startsWith('--concurrency='));
if (mode) {
  console.log(JSON.stringify(await measure(Number(mode.split('=')[1]))));
  process.exit(0);
}

const child = (concurrency: number): Outcome => {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname, `--concurrency=${concurrency}`],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  return JSON.parse(out.trim().split('\n').at(-1)!);
};
console.log(`[bench] ${PARALLEL} parses of a ${ROWS.toLocaleString('en-US')}-row .xlsx, pool of ${PARSE_POOL.concurrency} …`);
const pooled = child(PARSE_POOL.concurrency);
console.log(`[bench] the same, all ${PARALLEL} at once …`);
const atOnce = child(PARALLEL);

const row = (label: string, o: Outcome) =>
  `| ${label} | ${mb(o.peak)} MB (idle ${mb(o.idle)}, +${mb(o.peak - o.idle)}) | ${ms(o.took)} ms | ${o.answers} |`;
const load = os.loadavg();
const table = [
  '# Parallel imports: the parse pool and memory (issue 15)',
  '',
  `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} CPU · load average ${load[0].toFixed(1)} at the end · \`npx tsx tests/bench/import-parallel.bench.ts\``,
  '',
  `${PARALLEL} staff members start an import of the same ${ROWS.toLocaleString('en-US')}-row .xlsx at once; each mode in its own child process.`,
  '',
  '| mode | peak RSS of the process (idle, growth) | wall time | answers |',
  '| --- | --- | --- | --- |',
  row(`parse pool (${PARSE_POOL.concurrency} at once, as shipped)`, pooled),
  row(`all ${PARALLEL} at once (before the pool)`, atOnce),
  '',
  `**Memory growth, all at once ÷ pool: ${ratio((atOnce.peak - atOnce.idle) / (pooled.peak - pooled.idle))}**; peak ${ratio(atOnce.peak / pooled.peak)}.`,
  '',
  'A parse that passes its deadline (30 s) or memory cap (512 MB per worker) is stopped and answered 422; every import waits its turn in the pool.',
  '',
].join('\n');
console.log(table);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync('tests/bench/results/import-parallel.md', table);
