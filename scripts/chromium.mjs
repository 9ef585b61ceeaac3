import { existsSync } from 'node:fs';

/** Chromium for browser journeys: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));

/**
 * Flags of every headless Chromium the tests and benches start: no sandbox (root), no GPU, and none
 * of its own network traffic (updates, sync, QUIC), so a page's timings are the page's.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
