/**
 * One API node against two on the same PostgreSQL (docs/scaling.md), measured side by side in one run:
 *   npx tsx tests/bench/scaling.bench.ts      (or `npm run bench scaling`)
 * Two server processes (`npm start`'s bundle, CLUSTER=1, one database) are started together; a mixed
 * workload of sign-ins, list pages, creates and money actions is sent by autocannon over loopback, first
 * all to node A, then split over A and B, alternating for a few rounds. It reports, it never fails on
 * time. Results: stdout and tests/bench/results/scaling.md.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ROOT_DIR } from '../../src/server/config.ts';
import { prepareTestCluster } from '../api/test-database.ts';
import { httpClient } from './http-client.ts';
import { markdownTable, ms, now, percentile, thousands } from './measure.ts';
import { createDatabase, dropDatabase, findPostgres } from './postgres.ts';
import { serverRunner, startServerProcess, type ServerProcess } from './server-process.ts';

const CONNECTIONS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARMUP_SECONDS = 3;
const ROUNDS = 2;
const LEADS = 10;
const ROOT = { email: 'root@bench.local', password: 'bench-root-pass1' };

const log = (message: string) => console.log(`[scaling] ${message}`);
const loadAverage = () => os.loadavg()[0].toFixed(1);

type Target = { label: string; nodes: ServerProcess[] };
type Run = { seconds: number; latencies: number[]; statuses: Map<number, number> };

/** The database: BENCH_DATABASE_URL / DATABASE_URL / the local PostgreSQL, else the embedded test server. */
async function database(): Promise<{ url: string; version: string; drop: () => Promise<void> }> {
  const found = await findPostgres();
  const name = `bd_scaling_${process.pid}`;
  if ('adminUrl' in found) {
    const url = await createDatabase(found.adminUrl, name);
    return { url, version: `PostgreSQL ${found.version.split(' ')[0]}`, drop: () => dropDatabase(found.adminUrl, name) };
  }
  log(`no external PostgreSQL (${found.skipped}): the embedded server`);
  const cluster = await prepareTestCluster();
  const url = await createDatabase(cluster.adminUrl, name);
  return { url, version: 'embedded PostgreSQL', drop: async () => (await dropDatabase(cluster.adminUrl, name), await cluster.stop()) };
}

/** Root's token and the leads money is credited to, made through node A. */
async function prepare(node: ServerProcess) {
  const client = httpClient(node.port);
  const json = async (method: string, url: string, token?: string, body?: unknown) => {
    const answer = await client.request(
      method,
      url,
      token ? { authorization: `Bearer ${token}` } : {},
      body === undefined ? undefined : JSON.stringify(body),
    );
    if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body);
  };
  const { token } = await json('POST', '/api/v1/auth/login', undefined, ROOT);
  const leads: string[] = [];
  for (let i = 0; i < LEADS; i++) {
    const lead = await json('POST', '/api/v1/user', token, {
      firstName: 'Bench',
      lastName: `Lead ${i}`,
      email: `bench-lead-${i}@bench.local`,
      password: 'bench-lead-1',
      roles: ['lead'],
    });
    leads.push(lead.id);
  }
  client.close();
  return { token: token as string, leads };
}

let sequence = 0;
/**
 * One cycle per connection, in order: a sign-in, four reads (leads, campaigns, the settings, a lead's
 * funds), two creates (a campaign, a comment) and a money action (a credit with its own Idempotency-Key).
 */
function workload(token: string, leads: string[]): autocannon.Request[] {
  const pick = () => leads[sequence++ % leads.length];
  const body = (value: unknown) => JSON.stringify(value);
  const cycle: autocannon.Request[] = [
    { method: 'POST', path: '/api/v1/auth/login', body: body(ROOT) },
    { method: 'GET', path: '/api/v1/user?limit=20&page=1' },
    { method: 'GET', path: '/api/v1/campaign?limit=20&page=1' },
    { method: 'GET', path: '/api/v1/setting' },
    { method: 'GET', setupRequest: (request) => ({ ...request, path: `/api/v1/funds/available/${pick()}` }) },
    {
      method: 'POST',
      path: '/api/v1/campaign',
      setupRequest: (request) => ({ ...request, body: body({ name: `Bench ${randomUUID()}` }) }),
    },
    {
      method: 'POST',
      path: '/api/v1/comment',
      setupRequest: (request) => ({ ...request, body: body({ leadId: pick(), text: `Called back ${sequence++}` }) }),
    },
    {
      method: 'POST',
      path: '/api/v1/funds/adjustment',
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
        body: body({ userId: pick(), amount: 1.25, direction: 'credit', reason: 'bench credit' }),
      }),
    },
  ];
  return cycle.map((request) => ({
    ...request,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...request.headers },
  }));
}

/** `CONNECTIONS` connections split evenly over the target's nodes for `seconds`; every answer's time and status. */
async function load(target: Target, requests: autocannon.Request[], seconds: number): Promise<Run> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = now();
  await Promise.all(
    target.nodes.map(
      (node) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            { url: `http://127.0.0.1:${node.port}`, connections: CONNECTIONS / target.nodes.length, duration: seconds, requests },
            (error) => (error ? reject(error) : resolve()),
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            latencies.push(responseTime);
            statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
          });
        }),
    ),
  );
  return { seconds: (now() - started) / 1000, latencies, statuses };
}

const merge = (runs: Run[]): Run => ({
  seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
  latencies: runs.flatMap((run) => run.latencies),
  statuses: runs.reduce((all, run) => {
    for (const [status, n] of run.statuses) all.set(status, (all.get(status) ?? 0) + n);
    return all;
  }, new Map<number, number>()),
});

const startedAt = new Date();
const LOAD_AT_START = loadAverage();
const t0 = now();
const runner = serverRunner(ROOT_DIR);
log(`server process: ${runner.label}`);
const db = await database();
log(`database: ${db.version}`);
const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'bd-scaling-')));
const env = (dataDir: string) => ({
  DATABASE_URL: db.url,
  CLUSTER: '1',
  DATA_DIR: dataDir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  ROOT_EMAIL: ROOT.email,
  ROOT_PASSWORD: ROOT.password,
  LOG_LEVEL: 'warn',
});
// Both nodes start at once on the empty database, as a deployment does: one migrates, the other waits.
const nodes = await Promise.all(dataDirs.map((dataDir) => startServerProcess({ root: ROOT_DIR, runner, env: env(dataDir) })));
const [nodeA, nodeB] = nodes;
const oneNode: Target = { label: 'one node', nodes: [nodeA] };
const twoNodes: Target = { label: 'two nodes', nodes: [nodeA, nodeB] };
const results = new Map<Target, Run[]>([
  [oneNode, []],
  [twoNodes, []],
]);
let ledger = { entries: 0, creditedCents: 0, mismatched: 0 };
try {
  const { token, leads } = await prepare(nodeA);
  const requests = workload(token, leads);
  for (const target of [oneNode, twoNodes]) await load(target, requests, WARMUP_SECONDS);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const target of round % 2 ? [oneNode, twoNodes] : [twoNodes, oneNode]) {
      const run = await load(target, requests, SECONDS);
      results.get(target)!.push(run);
      log(
        `round ${round}, ${target.label}: ${(run.latencies.length / run.seconds).toFixed(0)} req/s, p99 ${ms(percentile(run.latencies, 99))} ms`,
      );
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  // Straight from SQL: every credit's entry, the leads' balances, and accounts whose balance is not the sum of their entries.
  // One client: its queries one after the other.
  const entries = await client.query<{ n: number }>(`select count(*)::int as n from ledger_entries where lead_id = any($1::uuid[])`, [
    leads,
  ]);
  const balances = await client.query<{ cents: string }>(
    `select coalesce(sum(balance * 100), 0)::bigint as cents from accounts where lead_id = any($1::uuid[]) and kind = 'available'`,
    [leads],
  );
  const mismatched = await client.query(
    `select a.id from accounts a left join (select account_id, sum(amount) s from ledger_entries group by 1) e on e.account_id = a.id where a.balance <> coalesce(e.s, 0)`,
  );
  await client.end();
  ledger = { entries: entries.rows[0].n, creditedCents: Number(balances.rows[0].cents), mismatched: mismatched.rows.length };
} finally {
  await Promise.all(nodes.map((node) => node.stop()));
  await db.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}

const merged = [oneNode, twoNodes].map((target) => ({ target, run: merge(results.get(target)!) }));
const throughput = (run: Run) => run.latencies.length / run.seconds;
const errors = (run: Run) => [...run.statuses].filter(([status]) => status >= 400).reduce((sum, [, n]) => sum + n, 0);
const [one, two] = merged.map(({ run }) => run);
const rows = [
  ['requests answered', ...merged.map(({ run }) => thousands(run.latencies.length)), ''],
  [
    '**throughput, requests/s**',
    ...merged.map(({ run }) => `**${throughput(run).toFixed(0)}**`),
    `**${(throughput(two) / throughput(one)).toFixed(2)}×**`,
  ],
  [
    'latency p50 ms',
    ...merged.map(({ run }) => ms(percentile(run.latencies, 50))),
    (percentile(two.latencies, 50) / percentile(one.latencies, 50)).toFixed(2) + '×',
  ],
  [
    '**latency p99 ms**',
    ...merged.map(({ run }) => `**${ms(percentile(run.latencies, 99))}**`),
    `**${(percentile(two.latencies, 99) / percentile(one.latencies, 99)).toFixed(2)}×**`,
  ],
  ['answers ≥ 400', ...merged.map(({ run }) => thousands(errors(run))), ''],
];
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT_DIR, encoding: 'utf8' }).trim();
} catch {
  // not a git checkout
}
const markdown = [
  '# Scaling benchmark: one API node against two on one PostgreSQL',
  '',
  `${startedAt.toISOString()} · commit ${commit || '?'} · Node ${process.version} · ${os.cpus().length} CPU (${os.cpus()[0]?.model.trim() ?? '?'}) · ` +
    `${db.version} · ${((now() - t0) / 1000).toFixed(0)} s · load average ${LOAD_AT_START} at start, ${loadAverage()} at end`,
  '',
  markdownTable(['figure', 'one node', 'two nodes', 'two ÷ one'], rows),
  '',
  `Money, warm-up included: ${thousands(ledger.entries)} credits of 1.25 booked on the bench leads, whose available funds hold ` +
    `${(ledger.creditedCents / 100).toFixed(2)} (${ledger.creditedCents === ledger.entries * 125 ? 'exactly' : 'NOT'} 1.25 × ${thousands(ledger.entries)}); ` +
    `accounts whose balance differs from the sum of their entries: ${ledger.mismatched}.`,
  '',
  'How it is measured (`npm run bench scaling`, or `npx tsx tests/bench/scaling.bench.ts`; `BENCH_SECONDS` per round, default 12):',
  `- Two server processes (\`${runner.label}\`, CLUSTER=1, the same DATABASE_URL and JWT_SECRET, a DATA_DIR each) started together on a new database; LOG_LEVEL=warn.`,
  `- The workload, one cycle per connection: POST /auth/login (root, a real password check), GET /user and /campaign (first page of 20), GET /setting, GET /funds/available/:lead, POST /campaign, POST /comment, POST /funds/adjustment (a 1.25 credit entered for one of ${LEADS} leads, pending until a second person completes it, a new Idempotency-Key each).`,
  `- autocannon in this process, ${CONNECTIONS} keep-alive connections in all: "one node" sends all of them to node A (node B idles), "two nodes" ${CONNECTIONS / 2} to each (what a round-robin load balancer does). ${WARMUP_SECONDS} s warm-up each, then ${ROUNDS} rounds of ${SECONDS} s alternating the order; figures over all rounds. Every answer's time is kept; p50/p99 are nearest-rank over them.`,
  '- The machine has 2 cores shared by both nodes, PostgreSQL, autocannon and other work (tests, browsers, other benchmarks): two nodes cannot use more CPU than one here, so the ratio shows the cost of spreading and sharing one database, not the gain of a second machine. Absolute figures move between runs.',
  '',
].join('\n');
console.log(`\n${markdown}`);
const out = path.join(ROOT_DIR, 'tests', 'bench', 'results', 'scaling.md');
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, markdown);
log(`written to ${path.relative(ROOT_DIR, out)}`);
