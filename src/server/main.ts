import { buildApp } from './app.ts';

/** `npm start`: serve app + API on HOST:PORT until stopped. */
const app = await buildApp();
const { port, host } = app.services.config;
await app.listen({ port, host });
console.log(`BrokerDesk on http://${host}:${port} (database: ${app.services.database.kind})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
