import { defineConfig } from 'vitest/config';

/**
 * Four suites: unit (pure logic, client stores), api (Fastify inject), offline (engine + real server), e2e (Chromium journeys).
 * One PostgreSQL server for the whole run (tests/database-setup.ts): each test server gets its own database from a migrated template.
 */
export default defineConfig({
  test: {
    globalSetup: ['tests/database-setup.ts'],
    projects: [
      // Property tests over IndexedDB take seconds on a loaded 2-core machine: 5 s (the default) timed out in the gate.
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: { name: 'offline', include: ['tests/offline/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 120_000 },
      },
      // Browser journeys in Debian's Chromium against the real server and the production build;
      // groupOrder 1: after the other suites, so timing-sensitive journeys do not share the CPU with them.
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A screen's figures may follow a sync or a count on a busy machine: polls wait up to 10 s, not 1 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
