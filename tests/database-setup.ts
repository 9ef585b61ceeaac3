import { prepareTestCluster, publishTestCluster } from './api/test-database.ts';

/** vitest globalSetup: one PostgreSQL server and one migrated template for the whole run (tests/api/test-database.ts). */
export default async function setup(): Promise<() => Promise<void>> {
  const cluster = await prepareTestCluster();
  publishTestCluster(cluster);
  return () => cluster.stop();
}
