// Excel import (issue 5): a 50,000-row .xlsx end to end through POST /user/import-excel against
// inserting the same rows directly (one multi-row INSERT transaction) on the same database in the
// same run, with the server's peak memory above idle. BENCH_SCALE shrinks the file.
import { mkdirSync, writeFileSync } from 'node:fs';
import { v7 as uuidv7 } from 'uuid';
import { users } from '../../src/server/db/schema.ts';
import { leadRows, multipart, workbook } from '../fixtures/spreadsheets.ts';
import { startServer } from '../api/harness.ts';
import { markdownTable, mb, ms, peakRss, timed } from './measure.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const ROWS = Math.max(100, Math.round(50_000 * scale));
const HEADERS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'];

const server = await startServer();
const root = await server.rootToken();
const file = workbook([HEADERS, ...leadRows(ROWS, 'import')]);
const body = multipart({ name: 'leads.xlsx', bytes: file });
global.gc?.();
const idle = process.memoryUsage().rss;

const { result: imported, peak } = await peakRss(async () => {
  let answer: { imported: number } | undefined;
  const took = await timed(async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/user/import-excel',
      headers: { ...body.headers, authorization: `Bearer ${root}` },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`import ${res.statusCode} ${res.body.slice(0, 200)}`);
    answer = res.json();
  });
  return { took, count: answer!.imported };
});

// The same rows straight into the table, as the import writes them (without parsing, checks or change log).
const rows = leadRows(ROWS, 'direct').map(([firstName, lastName, email, phone]) => ({
  id: uuidv7(),
  email,
  firstName,
  lastName,
  phone,
  mobile: null,
  roles: ['lead'],
  passwordHash: null,
}));
const direct = await timed(() =>
  server.app.services.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 2000) await tx.insert(users).values(rows.slice(i, i + 2000));
  }),
);

await server.close();
const table = markdownTable(
  ['figure', 'value', 'against', 'ratio'],
  [
    [
      `import of a ${ROWS.toLocaleString('en-US')}-row .xlsx (${(file.length / 1024 / 1024).toFixed(1)} MB), end to end`,
      `${ms(imported.took)} ms (${imported.count} imported)`,
      `direct multi-row INSERT of the same rows ${ms(direct)} ms`,
      `${(imported.took / direct).toFixed(2)}× (goal ≤ 2×)`,
    ],
    ['server process peak RSS during the import, above idle', `${mb(peak - idle)} MB`, `idle ${mb(idle)} MB`, 'goal < 300 MB'],
  ],
);
const report = `Excel import (PGlite in memory, in-process server, Node ${process.version}, BENCH_SCALE=${scale})\n\n${table}\n`;
console.log(report);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync('tests/bench/results/import.md', report);
process.exit(0);
