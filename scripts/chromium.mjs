import { existsSync } from 'node:fs';

/** Chromium for browser journeys: CHROMIUM_PATH, else Debian's. */
export const chromiumPath = () => [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find((p) => p && existsSync(p));
