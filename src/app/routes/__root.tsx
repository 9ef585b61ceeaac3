import { lazy, Suspense, type ComponentProps } from 'react';
import { Outlet, createRootRoute } from '@tanstack/react-router';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { ToastViewport } from '../ui/toast.tsx';

// Shown only when something goes wrong: their code loads then, not before the login screen.
const ErrorScreen = lazy(() => import('../features/system/error-screen.tsx').then((module) => ({ default: module.ErrorScreen })));
const NotFoundScreen = lazy(() => import('../features/system/not-found-screen.tsx').then((module) => ({ default: module.NotFoundScreen })));

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ToastViewport />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: () => (
    <Suspense fallback={null}>
      <NotFoundScreen />
    </Suspense>
  ),
  errorComponent: ({ error, reset }: ComponentProps<typeof ErrorScreen>) => (
    <Suspense fallback={null}>
      <ErrorScreen error={error} reset={reset} />
    </Suspense>
  ),
});
