import type { FastifyInstance } from 'fastify';
import { DataDirInUseError } from './db/embedded-server.ts';

/**
 * Starts the server, then closes it (and the embedded PostgreSQL with it) on SIGINT/SIGTERM. A start
 * that fails for a reason the operator can fix (another server on this DATA_DIR) says so in one line.
 */
export async function runUntilStopped(start: () => Promise<FastifyInstance | undefined>): Promise<void> {
  let app: FastifyInstance | undefined;
  try {
    app = await start();
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (!app) return;
  const running = app;
  // Once: a worker of `WORKERS` may get the terminal's SIGINT and its primary's SIGTERM.
  let closing: Promise<void> | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      await (closing ??= running.close());
      process.exit(0);
    });
  }
}
