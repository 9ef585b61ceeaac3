import type { FastifyInstance } from 'fastify';
import { DataDirInUseError } from './db/embedded-server.ts';

/**
 * What stops the server: Ctrl-C, a supervisor or container runtime (SIGTERM, often to the whole process
 * group, so the app may get it twice: from the group and forwarded by `npm start`), a closed terminal.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Calls `stop` once on the first of STOP_SIGNALS; later ones are caught and change nothing, so a second
 * signal never cuts a stop short (which would leave the embedded PostgreSQL running). Installed before
 * anything starts: a signal during the start stops what was started once it is up.
 */
export function onStopSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = () => {
    if (stopping) return;
    stopping = true;
    // A closed terminal (SIGHUP) takes stdout with it: a log line written then must not end the stop.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, handler);
}

/**
 * Starts the server, then closes it (and the embedded PostgreSQL with it) on any of STOP_SIGNALS. A start
 * that fails for a reason the operator can fix (another server on this DATA_DIR) says so in one line.
 */
export async function runUntilStopped(start: () => Promise<FastifyInstance | undefined>): Promise<void> {
  // Runs after this function has gone on (a signal handler never runs synchronously), once `started` is set.
  onStopSignal(async () => {
    const app = await started.catch(() => undefined);
    await app?.close();
  });
  const started = start();
  try {
    await started;
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
