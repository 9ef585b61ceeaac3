import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { ROOT_DIR } from '../config.ts';
import { runUntilStopped } from '../run-until-stopped.ts';
import { seedDemoOrders } from '../trading/orders/demo-orders.ts';
import { DEMO_PASSWORD, demoLogins, formatDemoLogins, formatSeedReport, hasData, seedDemo } from './seed.ts';

/**
 * `npm run demo`: the server on its own data dir (DATA_DIR, default ./data-demo), filled with demo
 * data on first start, then listening like `npm start`.
 *   --leads N (DEMO_LEADS, default 3000)   --seed N (DEMO_SEED, default 1)
 *   --seed-only: fill the database and exit (for benchmarks and screenshots)
 */
const { values: args } = parseArgs({
  options: { leads: { type: 'string' }, seed: { type: 'string' }, 'seed-only': { type: 'boolean' } },
  strict: false,
});
const leads = Number(args.leads ?? process.env.DEMO_LEADS ?? 3000);
const seed = Number(args.seed ?? process.env.DEMO_SEED ?? 1);
if (!Number.isInteger(leads) || leads < 1 || !Number.isInteger(seed)) {
  console.error('--leads and --seed take whole numbers (leads ≥ 1)');
  process.exit(2);
}

const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT_DIR, 'data-demo'));
await runUntilStopped(async () => {
  // The root account of a demo database gets the demo password too, unless ROOT_PASSWORD says otherwise.
  const app = await buildApp({ dataDir, rootPassword: process.env.ROOT_PASSWORD || DEMO_PASSWORD });
  const { db, config, database } = app.services;

  if (await hasData(db)) {
    console.log(`Demo database in ${database.kind === 'embedded' ? dataDir : 'DATABASE_URL'} already has data: not seeding again.`);
    console.log(formatDemoLogins(demoLogins(), config.rootEmail));
  } else {
    console.log(`Seeding demo data: ${leads.toLocaleString('en-US')} leads, seed ${seed} …`);
    const report = await seedDemo(db, { files: app.services.files, leads, seed, log: leads >= 20_000 ? console.log : undefined });
    console.log(formatSeedReport(report, config.rootEmail));
    // Trading through its domain at the feed's past prices; the scheduler then settles the expired binary options.
    const trading = await seedDemoOrders(db, app.services.priceFeed, { now: app.services.clock.now(), seed });
    const settled = await app.services.scheduler.runDue('binary-settlement');
    console.log(
      `Orders: ${trading.opened} opened (${trading.binary} binary options, ${settled['binary-settlement'].booked.length} settled by the scheduler), ${trading.closed} closed`,
    );
  }

  if (args['seed-only']) {
    await app.close();
    return undefined;
  }
  await app.listen({ port: config.port, host: config.host });
  console.log(`BrokerDesk demo on http://${config.host}:${config.port} (database: ${database.kind} PostgreSQL)`);
  return app;
});
