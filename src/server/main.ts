import { buildApp } from './app.ts';
import { runUntilStopped } from './run-until-stopped.ts';

/** `npm start`: serve app + API on HOST:PORT until stopped. */
await runUntilStopped(async () => {
  const app = await buildApp();
  const { port, host } = app.services.config;
  await app.listen({ port, host });
  console.log(`BrokerDesk on http://${host}:${port} (database: ${app.services.database.kind} PostgreSQL)`);
  return app;
});
