import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * CSP hashes ('sha256-…') of the inline scripts in the built client's index.html: the look script
 * (public/boot.js, inlined by vite.config.ts) runs before the first paint without a request of its
 * own, and script-src still allows nothing inline but exactly these. None when there is no build.
 */
export function inlineScriptHashes(clientDir: string): string[] {
  let html: string;
  try {
    html = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, source]) => `'sha256-${createHash('sha256').update(source!, 'utf8').digest('base64')}'`,
  );
}
