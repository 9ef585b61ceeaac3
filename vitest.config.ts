import { defineConfig } from 'vitest/config';

/** Three suites: unit (pure logic, client stores), api (Fastify inject on PGlite), offline (engine + real server). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      { test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000, fileParallelism: false } },
      { test: { name: 'offline', include: ['tests/offline/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
