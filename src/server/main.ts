import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { runUntilStopped } from './run-until-stopped.ts';
import { runPrimary, workerCount } from './workers.ts';

/** `npm start`: serve app + API on HOST:PORT until stopped, in this process or in `WORKERS` of them. */
const workers = cluster.isPrimary ? workerCount() : 1;
if (workers > 1) {
  await runPrimary(workers);
} else {
  await runUntilStopped(async () => {
    const app = await buildApp();
    const { port, host } = app.services.config;
    await app.listen({ port, host });
    const where = cluster.isWorker ? `worker ${process.pid}` : 'BrokerDesk';
    console.log(`${where} on http://${host}:${port} (database: ${app.services.database.kind} PostgreSQL)`);
    return app;
  });
}
