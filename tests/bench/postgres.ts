import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';

/**
 * Finds a PostgreSQL server the benchmark may create databases on: BENCH_DATABASE_URL, else
 * DATABASE_URL, else a local bench role. As root on a machine with Debian's cluster tools, it starts
 * the cluster and creates that role once (DESIGN.md §2: PostgreSQL 15 is installed here).
 * Returns the reason instead when there is no server, so the PostgreSQL rows can be skipped.
 */
const BENCH_ROLE = 'brokerdesk_bench';
const LOCAL_URL = `postgres://${BENCH_ROLE}:${BENCH_ROLE}@127.0.0.1:5432/postgres`;

export type Postgres = { adminUrl: string; version: string } | { skipped: string };

async function version(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0].server_version;
  } finally {
    await client.end();
  }
}

function provisionLocal(): string | undefined {
  if (process.getuid?.() !== 0) return 'not root: cannot start the local cluster';
  if (!existsSync('/usr/bin/pg_ctlcluster') || !existsSync('/usr/bin/pg_lsclusters'))
    return 'PostgreSQL is not installed (no pg_ctlcluster)';
  const cluster = execFileSync('pg_lsclusters', ['-h'], { encoding: 'utf8' }).trim().split('\n')[0]?.split(/\s+/);
  if (!cluster || cluster.length < 4) return 'no PostgreSQL cluster (pg_lsclusters is empty)';
  const [clusterVersion, name, , status] = cluster;
  if (status !== 'online') execFileSync('pg_ctlcluster', [clusterVersion, name, 'start'], { stdio: 'ignore' });
  const psql = (command: string) =>
    execFileSync('su', ['postgres', '-c', `psql -v ON_ERROR_STOP=1 -tAc "${command}"`], { encoding: 'utf8', cwd: '/tmp' }).trim();
  if (psql(`select 1 from pg_roles where rolname = '${BENCH_ROLE}'`) !== '1') {
    psql(`create role ${BENCH_ROLE} login createdb password '${BENCH_ROLE}'`);
  }
  return undefined;
}

export async function findPostgres(): Promise<Postgres> {
  const explicit = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  const url = explicit || LOCAL_URL;
  try {
    return { adminUrl: url, version: await version(url) };
  } catch (first) {
    if (explicit) return { skipped: `cannot connect to ${new URL(url).host}: ${(first as Error).message}` };
    try {
      const problem = provisionLocal();
      if (problem) return { skipped: problem };
      return { adminUrl: url, version: await version(url) };
    } catch (error) {
      return { skipped: `no local PostgreSQL server: ${(error as Error).message.split('\n')[0]}` };
    }
  }
}

/** A new empty database on the server; its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}
