import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time of any file below `dir` (0 when absent). */
export function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name === 'node_modules' || entry.name.endsWith('.gen.ts')) continue;
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

/** Whether `output` is missing or older than any of `sources`. */
export const stale = (output, sources) =>
  !existsSync(output) ||
  statSync(output).mtimeMs < Math.max(...sources.map((s) => (existsSync(s) && statSync(s).isFile() ? statSync(s).mtimeMs : newest(s))));
