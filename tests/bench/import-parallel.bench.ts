// Issue 15: 20 parallel imports of a 100,002-row .xlsx, each from its own staff member, against the
// in-process server; the server process's peak RSS while they run. Before the parse pool, 20
// workers parsed at once (0.5 GB → 3.66 GB reported); with it, at most PARSE_POOL.concurrency do.
// BENCH_PARALLEL and BENCH_ROWS shrink it. Reports, never fails on a figure.
import { mkdirSync, writeFileSync } from 'node:fs';
import { leadRows, multipart, workbook } from '../fixtures/spreadsheets.ts';
import { startServer } from '../api/harness.ts';
import { mb, ms, peakRss, timed } from './measure.ts';

const PARALLEL = Number(process.env.BENCH_PARALLEL ?? 20);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_002);
const HEADERS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'];
const label = process.env.BENCH_LABEL ?? 'with the parse pool';

const server = await startServer();
const root = await server.rootToken();
const staff: Awaited<ReturnType<typeof server.user>>[] = [];
for (let i = 0; i < PARALLEL; i++) staff.push(await server.user(root, { roles: ['regular'] }));
const file = workbook([HEADERS, ...leadRows(ROWS - 1, 'parallel')]);
global.gc?.();
const idle = process.memoryUsage().rss;

const statuses = new Map<number, number>();
const { result: took, peak } = await peakRss(() =>
  timed(() =>
    Promise.all(
      staff.map(async (person) => {
        const body = multipart({ name: 'leads.xlsx', bytes: file });
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/v1/user/import-excel',
          headers: { ...body.headers, authorization: `Bearer ${person.token}` },
          payload: body.payload,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }),
    ),
  ),
);
await server.close();

const answers = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
const line = `| ${PARALLEL} parallel imports of a ${ROWS.toLocaleString('en-US')}-row .xlsx (${(file.length / 1024 / 1024).toFixed(1)} MB), ${label} | peak RSS ${mb(peak)} MB (idle ${mb(idle)} MB, +${mb(peak - idle)} MB) | ${ms(took)} ms | ${answers} |`;
console.log(line);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync(`tests/bench/results/import-parallel${process.env.BENCH_LABEL ? '-before' : ''}.md`, `${line}\n`);
process.exit(0);
