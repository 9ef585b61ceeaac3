// Regenerates src/app/route-tree.gen.ts from src/app/routes without a client build (the gate's
// type-check needs only the tree; vite.config.ts's router plugin writes the same file on a build).
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig(
  { target: 'react', routesDirectory: './src/app/routes', generatedRouteTree: './src/app/route-tree.gen.ts', quoteStyle: 'single' },
  root,
);
await new Generator({ config, root }).run();
