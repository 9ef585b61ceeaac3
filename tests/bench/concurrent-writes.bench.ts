/**
 * Writes on different leads at once (issue 26, docs/decisions/change-cursor.md): N HTTP clients, each
 * writing again and again on a lead of its own, all at the same time, on the embedded PostgreSQL:
 *   npx tsx tests/bench/concurrent-writes.bench.ts          (npm run bench concurrent-writes)
 *   BENCH_SCALE=0.25 …                                      fewer writes per client
 *   BENCH_CLIENTS=20 …                                      other than 50 clients
 * Each write is PATCH /user/:leadId (a lead's record: the row, its audit row, its change-log row, the
 * idempotent answer; no money, so no house account is shared). Nothing two writes share but the change
 * log. Meanwhile a connection of its own samples pg_stat_activity every 5 ms: how many of the server's
 * connections wait on a lock, and on which (advisory: the change log's old global lock; transactionid
 * or tuple: a row). It reports, it never fails on time. Results: stdout and tests/bench/results/concurrent-writes.md.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from '../../src/server/config.ts';
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-server.ts';
import { httpClient, requestJson as json } from './http-client.ts';
import { markdownTable, ms, now, percentile } from './measure.ts';
import { serverRunner, startServerProcess } from './server-process.ts';

const SCALE = Math.min(10, Math.max(0.05, Number(process.env.BENCH_SCALE ?? 1) || 1));
const CLIENTS = Math.max(2, Number(process.env.BENCH_CLIENTS ?? 50) || 50);
const WRITES = Math.max(5, Math.round(40 * SCALE));
const ROOT = { email: 'root@bench.local', password: 'bench-root-1' };
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret';

async function main() {
  const runner = serverRunner(ROOT_DIR);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bd-concurrent-bench-'));
  const load = os.loadavg()[0].toFixed(1);
  const server = await startServerProcess({
    root: ROOT_DIR,
    runner,
    env: { DATA_DIR: dataDir, ROOT_EMAIL: ROOT.email, ROOT_PASSWORD: ROOT.password, JWT_SECRET },
  });
  const client = httpClient(server.port, CLIENTS);
  const sampler = new pg.Client({ connectionString: embeddedDatabaseUrl(dataDir)! });
  sampler.on('error', () => {});
  try {
    await sampler.connect();
    const root = (await json(client, 'POST', '/api/v1/auth/login', undefined, ROOT)).body.token as string;
    const batch = Array.from({ length: CLIENTS }, (_, i) => ({
      firstName: 'Bench',
      lastName: `Writer ${i}`,
      email: `bench-writer-${i}@bench.local`,
      roles: ['lead'],
    }));
    const created = await json(client, 'POST', '/api/v1/user/batch', root, batch);
    if (created.status !== 201) throw new Error(`leads: ${created.status} ${JSON.stringify(created.body)}`);
    const leads = (created.body.users as { id: string }[]).map((lead) => lead.id);
    // Warm up: one write per lead, untimed.
    await Promise.all(leads.map((id) => json(client, 'PATCH', `/api/v1/user/${id}`, root, { firstName: 'Warm' })));

    // The sampler: what the server's connections wait on while the clients write.
    const waits = new Map<string, number>();
    let samples = 0;
    let busy = 0;
    let sampling = true;
    const sampled = (async () => {
      while (sampling) {
        const { rows } = await sampler.query<{ kind: string | null; n: number }>(
          `select case when wait_event_type = 'Lock' then wait_event end as kind, count(*)::int as n
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active'
           group by 1`,
        );
        samples++;
        for (const row of rows) {
          busy += row.n;
          if (row.kind) waits.set(row.kind, (waits.get(row.kind) ?? 0) + row.n);
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();

    const latencies: number[] = [];
    let failures = 0;
    const cpuBefore = await server.cpu();
    const started = now();
    await Promise.all(
      leads.map(async (id, client_) => {
        for (let i = 0; i < WRITES; i++) {
          const start = now();
          const answer = await json(client, 'PATCH', `/api/v1/user/${id}`, root, { firstName: `Write ${client_}.${i}` });
          latencies.push(now() - start);
          if (answer.status !== 200) failures++;
        }
      }),
    );
    const wall = now() - started;
    const cpuAfter = await server.cpu();
    sampling = false;
    await sampled;

    const total = CLIENTS * WRITES;
    const lockWaits = [...waits.values()].reduce((a, b) => a + b, 0);
    const waitText = [...waits].map(([kind, n]) => `${kind} ${((n / Math.max(1, busy)) * 100).toFixed(0)} %`).join(', ') || 'none';
    const serverCpu = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000 / total;
    const report = [
      `# Writes on different leads at once`,
      ``,
      `${os.cpus().length} cores (shared), ${new Date().toISOString()}; load average (1 min) at the start: ${load}. Commit ${process.env.BENCH_LABEL ?? '(working tree)'}.`,
      `Command: \`BENCH_SCALE=${SCALE} BENCH_CLIENTS=${CLIENTS} npx tsx tests/bench/concurrent-writes.bench.ts\`; server \`${runner.label}\`, embedded PostgreSQL.`,
      ``,
      markdownTable(
        [
          'writes',
          'clients',
          'wall ms',
          'writes per second',
          'p50 ms',
          'p99 ms',
          'server CPU ms per write',
          'connections waiting on a lock (of active, sampled)',
          'failures',
        ],
        [
          [
            String(total),
            String(CLIENTS),
            ms(wall),
            ((total / wall) * 1000).toFixed(0),
            ms(percentile(latencies, 50)),
            ms(percentile(latencies, 99)),
            serverCpu.toFixed(2),
            `${((lockWaits / Math.max(1, busy)) * 100).toFixed(0)} % (${waitText}; ${samples} samples)`,
            String(failures),
          ],
        ],
      ),
      ``,
    ].join('\n');
    console.log(report);
    const results = path.join(ROOT_DIR, 'tests', 'bench', 'results');
    await mkdir(results, { recursive: true });
    await writeFile(path.join(results, 'concurrent-writes.md'), report);
  } finally {
    client.close();
    await sampler.end().catch(() => {});
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
