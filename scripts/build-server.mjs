// Bundles the server's entry points into dist/server (dependencies stay in node_modules).
import { build } from 'esbuild';
import { existsSync } from 'node:fs';

const entryPoints = ['src/server/main.ts', 'src/server/demo/main.ts'].filter((file) => existsSync(file));

await build({
  entryPoints,
  outdir: 'dist/server',
  outbase: 'src/server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
