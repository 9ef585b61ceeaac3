import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/client.ts';
import { clusterDirOf, DataDirInUseError, startEmbeddedServer, stopAbandonedServer } from '../../src/server/db/embedded-server.ts';

/**
 * One PostgreSQL server per test run (the embedded one, or the server DATABASE_URL names: CI's second
 * pass), a template database migrated once, and a database per test server cloned from it.
 * tests/database-setup.ts (vitest globalSetup) prepares it and hands the two names to the workers
 * through the environment; a process outside vitest (a benchmark) prepares its own on first use.
 */
const ADMIN_ENV = 'BD_TEST_ADMIN_URL';
const CLUSTER_PREFIX = 'bd-test-cluster-';
const TEMPLATE_ENV = 'BD_TEST_TEMPLATE';

export type TestCluster = { adminUrl: string; template: string; stop: () => Promise<void> };

/** Settings for a throwaway cluster: durability off (a crash loses a test run, nothing else). */
const TEST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 300 };

/**
 * Removes a throwaway data dir and its cluster, which lives outside it when the postgres user could not
 * reach it (as root with a TMPDIR closed to others: embedded-server.ts `placeCluster`).
 */
function removeCluster(dataDir: string, clusterDir: string) {
  if (!clusterDir.startsWith(dataDir + path.sep)) rmSync(path.dirname(clusterDir), { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

/** A run that was killed (Ctrl-C twice, a timeout) left its cluster running: stop it and remove it. */
function removeAbandonedClusters() {
  for (const entry of readdirSync(os.tmpdir())) {
    if (!entry.startsWith(CLUSTER_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), entry);
    try {
      stopAbandonedServer(dir);
      removeCluster(dir, clusterDirOf(dir));
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error; // another run, still going
    }
  }
}

export async function prepareTestCluster(): Promise<TestCluster> {
  const external = process.env.DATABASE_URL;
  if (!external) removeAbandonedClusters();
  const dataDir = external ? undefined : mkdtempSync(path.join(os.tmpdir(), CLUSTER_PREFIX));
  const server = dataDir ? await startEmbeddedServer({ dataDir, settings: TEST_SETTINGS, log: () => {} }) : undefined;
  const adminUrl = external ?? server!.adminUrl;
  const template = `bd_template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const migrated = await openDatabase({ dataDir: dataDir ?? os.tmpdir(), databaseUrl: withDatabase(adminUrl, template) });
  await migrated.close();
  return {
    adminUrl,
    template,
    stop: async () => {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await server?.stop();
      if (dataDir) removeCluster(dataDir, server!.clusterDir);
    },
  };
}

/** Publishes the cluster to the test workers (they inherit the environment of the process that set it). */
export function publishTestCluster(cluster: TestCluster) {
  process.env[ADMIN_ENV] = cluster.adminUrl;
  process.env[TEMPLATE_ENV] = cluster.template;
}

let ownCluster: Promise<TestCluster> | undefined;

async function currentCluster(): Promise<{ adminUrl: string; template: string }> {
  const adminUrl = process.env[ADMIN_ENV];
  const template = process.env[TEMPLATE_ENV];
  if (adminUrl && template) return { adminUrl, template };
  if (!ownCluster) {
    ownCluster = prepareTestCluster();
    const cluster = await ownCluster;
    // Outside vitest nobody runs a teardown: stop the server when this process has nothing left to do.
    process.once('beforeExit', () => void cluster.stop());
  }
  return ownCluster;
}

/** A new database cloned from the migrated template (~100 ms), and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const { adminUrl, template } = await currentCluster();
  const name = `bd_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
