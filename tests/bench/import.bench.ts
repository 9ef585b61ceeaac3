// Excel import (issue 5): a 50,000-row .xlsx end to end through POST /user/import-excel against
// inserting the same rows directly (one multi-row INSERT transaction) on the same database in the
// same run, with the server's peak memory above idle; and while the import runs, another session's
// list requests keep being answered (issue 11: their p99). BENCH_SCALE shrinks the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import { buildApp } from '../../src/server/app.ts';
import { users } from '../../src/server/db/schema.ts';
import { leadRows, multipart, workbook } from '../fixtures/spreadsheets.ts';
import { TestServer } from '../api/harness.ts';
import { markdownTable, mb, ms, peakRss, percentile, timed } from './measure.ts';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const ROWS = Math.max(100, Math.round(50_000 * scale));
const HEADERS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'];
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };

// The server as `npm start` runs it: the embedded PostgreSQL in a new DATA_DIR, with its normal settings.
delete process.env.DATABASE_URL;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bd-bench-import-'));
const app = await buildApp({ dataDir, rootEmail: ROOT.email, rootPassword: ROOT.password, logger: false });
const server = new TestServer(app, async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});
const root = await server.login(ROOT.email, ROOT.password);
const other = await server.login(ROOT.email, ROOT.password);
const LIST_URL = `/api/v1/user?sorts=${encodeURIComponent(JSON.stringify([{ field: 'lastName', order: 'asc' }]))}&limit=20`;
const file = workbook([HEADERS, ...leadRows(ROWS, 'import')]);
const body = multipart({ name: 'leads.xlsx', bytes: file });
global.gc?.();
const idle = process.memoryUsage().rss;

/** Another session asks for a list page again and again until the import has answered. */
let importing = true;
const listDuring: number[] = [];
const otherSession = (async () => {
  while (importing) {
    listDuring.push(
      await timed(async () => {
        const { status } = await server.call({ method: 'GET', url: LIST_URL, token: other });
        if (status !== 200) throw new Error(`list during import: ${status}`);
      }),
    );
  }
})();

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
  importing = false;
  return { took, count: answer!.imported };
});
await otherSession;

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
    [
      `another session's list page (20 leads by last name) during the import: p50 / p99 / max`,
      `${ms(percentile(listDuring, 50))} / ${ms(percentile(listDuring, 99))} / ${ms(Math.max(...listDuring))} ms`,
      `${listDuring.length} requests, one after another`,
      'goal p99 ≤ 500 ms',
    ],
  ],
);
const report = `Excel import (embedded PostgreSQL in a new DATA_DIR, in-process server, Node ${process.version}, BENCH_SCALE=${scale})\n\n${table}\n`;
console.log(report);
mkdirSync('tests/bench/results', { recursive: true });
writeFileSync('tests/bench/results/import.md', report);
process.exit(0);
