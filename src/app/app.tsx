import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { CATALOGUES } from './i18n/catalogues.ts';
import { initI18n } from './i18n/i18n.ts';
import { wireRealtime } from './session/realtime-wiring.ts';
import { followOtherTabs, login, startSession } from './session/session.ts';
import { router } from './router.ts';
import { auth } from './state/auth.ts';

/** Once per page: realtime wiring, other tabs' sign-out, the whole catalogues. */
let prepared: Promise<unknown> | undefined;
const prepare = () => {
  prepared ??= (() => {
    wireRealtime();
    followOtherTabs(() => void router.navigate({ to: '/login' }));
    return initI18n({ catalogues: CATALOGUES });
  })();
  return prepared;
};

/** The code of the screens these paths show, downloading while other start-up work runs. */
function loadScreens(paths: string[]): Promise<unknown> {
  const routes = paths
    .flatMap((path) => router.matchRoutes(path, undefined))
    .map((match) => router.routesById[match.routeId as keyof typeof router.routesById]);
  return Promise.all([...new Set(routes)].map((route) => Promise.resolve(router.loadRouteChunk(route)).catch(() => undefined)));
}

function render(root: Root): void {
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

/** Start-up with a token kept (SPEC.md §1): language, then authentication and settings, then the first render. */
export async function startApp(root: Root): Promise<void> {
  // A token that turns out refused ends on the login screen: its code loads too.
  const paths = auth.token ? [window.location.pathname] : [window.location.pathname, '/login'];
  await Promise.all([startSession(), prepare(), loadScreens(paths)]);
  performance.mark('bd:ready');
  render(root);
}

/** From the start-up login page: sign in, then the app takes over the page at `target`. */
export async function signInAndStart(root: Root, email: string, password: string, target: string): Promise<void> {
  await prepare();
  await login(email, password);
  await loadScreens([target.split(/[?#]/)[0] || '/']);
  router.history.replace(target);
  render(root);
}
