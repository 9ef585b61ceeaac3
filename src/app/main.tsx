// First: the start-up requests leave before the rest of the app's code is evaluated.
import './session/start-requests.ts';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { initI18n } from './i18n/i18n.ts';
import { startLookSync } from './session/look.ts';
import { wireRealtime } from './session/realtime-wiring.ts';
import { followOtherTabs, startSession } from './session/session.ts';
import { router } from './router.ts';
import { auth } from './state/auth.ts';

/** Start-up (SPEC.md §1): language, then authentication and settings, then the first render. */
async function main(): Promise<void> {
  // Where start-up's time goes, printed by `BENCH_DETAIL=1 npx tsx tests/bench/client.bench.ts`.
  performance.mark('bd:main');
  startLookSync();
  wireRealtime();
  followOtherTabs(() => void router.navigate({ to: '/login' }));
  // The current screen's code downloads while authentication and settings load, not after.
  // Signed out (no token kept), every path ends on the login screen.
  const paths = auth.token ? [window.location.pathname] : [window.location.pathname, '/login'];
  const routes = paths
    .flatMap((path) => router.matchRoutes(path, undefined))
    .map((match) => router.routesById[match.routeId as keyof typeof router.routesById]);
  const screen = [...new Set(routes)].map((route) => router.loadRouteChunk(route));
  await Promise.all([startSession(), initI18n(), ...screen.map((chunk) => Promise.resolve(chunk).catch(() => undefined))]);
  performance.mark('bd:ready');
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
